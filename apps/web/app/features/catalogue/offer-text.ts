import type { ArtefactOffer } from "@skillshelf/shared/api.ts";
import { type Formatting, formatAmount } from "@skillshelf/shared/formatting.ts";
import type { TFunction } from "../../lib/i18n";

/** What an artefact's card says it costs: Owned for its owner, else its price, From the cheapest group's, or Free. */
export function offerText(
  offer: ArtefactOffer,
  currency: string,
  owned: boolean,
  t: TFunction,
  formatting: Formatting,
): string {
  if (owned) return t("Owned");
  if (offer.price === null) return t("Free");
  // The reader's format: kept guest pages are kept per language (apps/server/src/routes/pages.ts).
  const price = formatAmount(offer.price, currency, formatting);
  return offer.from ? t("From {{price}}", { price }) : price;
}
