import type { ArtefactOffer } from "@skillshelf/shared/api.ts";
import { formatAmount } from "@skillshelf/shared/formatting.ts";

/** What an artefact's card says it costs: Owned for its owner, else its price, From the cheapest group's, or Free. */
export function offerText(offer: ArtefactOffer, currency: string, owned: boolean): string {
  if (owned) return "Owned";
  if (offer.price === null) return "Free";
  // The store's format: home and the listings are kept for every visitor (routes/page-cache.ts).
  const price = formatAmount(offer.price, currency);
  return offer.from ? `From ${price}` : price;
}
