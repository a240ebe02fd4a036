import type { Category, ListingResponse, ListingSeo } from "@skillshelf/shared/api.ts";
import { formatPrice, META_DEFAULTS } from "@skillshelf/shared/constants.ts";

/** One step of a page's breadcrumb trail, by its absolute URL. */
export interface Crumb {
  name: string;
  url: string;
}

/** Something a learner can buy on a listing: the whole artefact or one of its groups. */
export interface PriceOffer {
  name: string;
  /** Major units of `currency`. */
  price: number;
  currency: string;
}

const SCHEMA = "https://schema.org";

/**
 * Home (named `home` in the page's language), the parent (for an artefact) and the listing itself, each by its
 * absolute URL in the page's language (`url`).
 */
export function listingTrail(
  url: (path: string) => string,
  home: string,
  seo: ListingSeo,
  categories: Category[],
): Crumb[] {
  const parent = seo.parent_id === 0 ? undefined : categories.find((c) => c.id === seo.parent_id);
  return [
    { name: home, url: url("/") },
    ...(parent ? [{ name: parent.name, url: url(`/${parent.slug}`) }] : []),
    { name: seo.name, url: url(`/${seo.slug}`) },
  ];
}

/**
 * What a listing sells: the whole artefact when it has a price, and each priced group. A free
 * artefact is given at 0 in the store's currency: Google's product snippets take no Product
 * without an offer.
 */
export function listingOffers(listing: Pick<ListingResponse, "kind" | "groups" | "seo_data">): PriceOffer[] {
  const seo = listing.seo_data;
  if (listing.kind !== "artefact") return [];
  const offers: PriceOffer[] = [];
  if (seo.price !== null) offers.push({ name: seo.name, price: seo.price, currency: seo.currency });
  for (const group of listing.groups) {
    if (group.price !== null)
      offers.push({ name: `${seo.name}: ${group.name}`, price: group.price, currency: group.currency });
  }
  return offers.length > 0 ? offers : [{ name: seo.name, price: 0, currency: seo.currency }];
}

/** The smallest thing a learner can buy that unlocks the article: its priced group, else the artefact. */
export interface Unlock {
  sub_category_id: number;
  group_id: number | null;
  name: string;
  price: number;
  currency: string;
  note: string | null;
}

export function smallestUnlock(listing: Pick<ListingResponse, "kind" | "groups" | "seo_data">, contentId: number) {
  const seo = listing.seo_data;
  if (listing.kind !== "artefact") return null;
  const group = listing.groups.find((g) => g.price !== null && g.contents.some((c) => c.id === contentId));
  if (group?.price != null) {
    const { id, name, price, currency, payment_note: note } = group;
    return { sub_category_id: seo.id, group_id: id, name: `${seo.name}: ${name}`, price, currency, note };
  }
  if (seo.price === null) return null;
  const { id, name, price, currency, payment_note: note } = seo;
  return { sub_category_id: id, group_id: null, name, price, currency, note } satisfies Unlock;
}

export function breadcrumbData(trail: Crumb[]) {
  return {
    "@context": SCHEMA,
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/** An offer is bought on the artefact's listing, whose URL it names. */
const offerData = (offer: PriceOffer, url: string) => ({
  "@type": "Offer",
  name: offer.name,
  price: formatPrice(offer.price, offer.currency),
  priceCurrency: offer.currency,
  availability: `${SCHEMA}/InStock`,
  url,
});

/** An artefact as a Product, with an Offer per price (one at 0 when it is free). */
export function productData(product: {
  name: string;
  description: string;
  url: string;
  image: string;
  category?: string;
  offers: PriceOffer[];
}) {
  const { offers, category, ...rest } = product;
  return {
    "@context": SCHEMA,
    "@type": "Product",
    ...rest,
    ...(category ? { category } : {}),
    brand: { "@type": "Brand", name: META_DEFAULTS.siteName },
    offers: offers.map((offer) => offerData(offer, product.url)),
  };
}

/**
 * An article, part of its artefact (whose Product, on its listing, carries the offers). Its text
 * is free: every reader's page carries it whole. Only its images and PDFs are sold, and they are
 * not in a non-buyer's page at all (locked tiles stand in their place), so no part of the page is
 * paywalled content to mark.
 */
export function articleData(article: {
  headline: string;
  description: string;
  url: string;
  image: string;
  artefact: Crumb;
}) {
  const { artefact, ...rest } = article;
  return {
    "@context": SCHEMA,
    "@type": "Article",
    ...rest,
    isAccessibleForFree: true,
    isPartOf: { "@type": "Product", name: artefact.name, url: artefact.url },
    publisher: { "@type": "Organization", name: META_DEFAULTS.siteName },
  };
}
