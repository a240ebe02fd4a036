import type { ArtefactOffer } from "@skillshelf/shared/api.ts";
import { formatMoney, toMinor } from "@skillshelf/shared/money.ts";

/** What an artefact's card says it costs: Owned for its owner, else its price, From the cheapest group's, or Free. */
export function offerText(offer: ArtefactOffer, currency: string, owned: boolean): string {
  if (owned) return "Owned";
  if (offer.price === null) return "Free";
  const price = formatMoney(toMinor(offer.price), currency);
  return offer.from ? `From ${price}` : price;
}
