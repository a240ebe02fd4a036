import { META_DEFAULTS } from "@skillshelf/shared/constants.ts";
import { toMajor, toMinor } from "@skillshelf/shared/money.ts";
import { data, useRouteLoaderData } from "react-router";
import { useAddToCart } from "../features/cart/use-add-to-cart";
import { AddToCartButton } from "../features/catalogue/components/add-to-cart-button";
import { ArtefactCard, type ArtefactCardData } from "../features/catalogue/components/artefact-card";
import { ContentGrid } from "../features/catalogue/components/content-grid";
import { GroupCard } from "../features/catalogue/components/group-card";
import { ListingHero } from "../features/catalogue/components/listing-hero";
import { TeamSeatsForm } from "../features/catalogue/components/team-seats-form";
import { breadcrumbData, listingOffers, listingTrail, productData } from "../features/catalogue/structured-data";
import { usePrice } from "../lib/formatting";
import type { TFunction } from "../lib/i18n";
import { metaT, translatorOf, useT } from "../lib/i18n";
import { addressUrl, buildMeta, categoryImage, languageUrl, pageAddress } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-page";
import { storeContext } from "../load-context";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/listing";

export const headers = publicPageHeaders;

export async function loader({ context, params }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const { t } = translatorOf(store.i18n);
  const listing = await store.listing(params.slug);
  if (!listing) throw data(null, { status: 404 });
  // A parent's cards show each artefact's article count, not its articles' titles.
  const children = listing.children.map(
    ({ content, ...artefact }): ArtefactCardData => ({
      ...artefact,
      count: content.length,
    }),
  );
  const artefactId = listing.kind === "artefact" ? listing.seo_data.id : null;
  const [{ data: categories }, { ownership, done }] = await Promise.all([
    store.categories(),
    // What this viewer owns of what the page shows, and the articles they have done: nothing for a visitor.
    store.ownedAndDone({ categoryIds: artefactId === null ? children.map((c) => c.id) : [artefactId], artefactId }),
  ]);
  const seo = listing.seo_data;
  // A learner who owns some of the artefact's groups pays less for the whole: the cart's upgrade credit.
  const ownsSome =
    listing.kind === "artefact" &&
    !ownership.categories.includes(seo.id) &&
    listing.groups.some((group) => ownership.groups.includes(group.id));
  const credit =
    ownsSome && seo.price !== null
      ? await store.upgradeCredit({ id: seo.id, price: seo.price, currency: seo.currency })
      : 0;
  const trail = listingTrail((path) => languageUrl(store, path), t("Home"), seo, categories);
  const address = pageAddress(store, `/${seo.slug}`);
  const url = addressUrl(address);
  const image = categoryImage(store.publicUrl, seo, t);
  // Built here, on the server: the page's JavaScript does not carry the JSON-LD builders.
  // An artefact is sold (or given) as one product; a parent is a step of the trail.
  const product =
    listing.kind === "artefact"
      ? [
          productData({
            name: seo.name,
            description: listingDescription(seo, t),
            url,
            image: image.url,
            category: trail.length > 2 ? trail[1]?.name : undefined,
            offers: listingOffers(listing),
          }),
        ]
      : [];
  return {
    listing: { ...listing, children },
    // The drawings of the hero's icon and the artefact cards'.
    icons: store.icons([seo.icon, ...children.map((child) => child.icon)]),
    // What this viewer owns (nothing for a visitor, whose page is the same for all): shown as Owned.
    ownership,
    done,
    credit,
    address,
    image,
    structuredData: [...product, breadcrumbData(trail)],
  };
}

function listingDescription(seo: { meta_description: string | null; single_line: string | null }, t: TFunction) {
  return seo.meta_description || seo.single_line || t(META_DEFAULTS.listingDescription);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!loaderData)
    return buildMeta({ t, title: t(META_DEFAULTS.listingTitle), description: t(META_DEFAULTS.listingDescription) });
  const { listing, address, image, structuredData } = loaderData;
  const seo = listing.seo_data;
  return buildMeta({
    t,
    title: seo.meta_title || t(META_DEFAULTS.listingTitle),
    description: listingDescription(seo, t),
    address,
    image,
    structuredData,
  });
}

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { listing, ownership, credit } = loaderData;
  const money = usePrice();
  const done = new Set(loaderData.done);
  const t = useT();
  const seo = listing.seo_data;
  // Only a signed-in user has a cart (SPEC.md section 5): a visitor signs in first.
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  const cart = useAddToCart(signedIn);
  const wholeCategory = { sub_category_id: seo.id, group_id: null };
  const oneGroup = (groupId: number) => ({ sub_category_id: seo.id, group_id: groupId });
  // "For my team": seats of the same, even for a learner who owns it (the seats are the team's).
  const teamSeats = (item: { sub_category_id: number; group_id: number | null }, onDark = false) => (
    <TeamSeatsForm
      item={item}
      onAdd={(form) => cart.add(form, { ...item, team: true })}
      busy={cart.isAdding({ ...item, team: true })}
      onDark={onDark}
    />
  );

  if (listing.kind === "parent") {
    return (
      <>
        <ListingHero seo={seo} />
        <section className="section" aria-labelledby="artefacts-title">
          <div className="container">
            <h2 id="artefacts-title" className="section__title">
              {t("Artefacts in {{name}}", { name: seo.name })}
            </h2>
            {listing.children.length === 0 ? (
              <p className="empty-state">{t("Nothing here yet: new artefacts are on their way.")}</p>
            ) : (
              <ul className="artefact-card-grid">
                {listing.children.map((artefact) => (
                  <li key={artefact.id}>
                    <ArtefactCard
                      artefact={artefact}
                      currency={seo.currency}
                      owned={ownership.categories.includes(artefact.id)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      </>
    );
  }

  const empty = listing.groups.length === 0 && listing.data.length === 0;
  const ownsWhole = ownership.categories.includes(seo.id);
  return (
    <>
      <ListingHero seo={seo}>
        {ownsWhole ? (
          <span className="pill pill--on-dark">{t("Owned")}</span>
        ) : seo.price !== null ? (
          <>
            <AddToCartButton
              // What this learner pays: the price less the credit for the groups they own.
              price={toMajor(toMinor(seo.price, seo.currency) - toMinor(credit, seo.currency), seo.currency)}
              currency={seo.currency}
              note={seo.payment_note}
              item={wholeCategory}
              onAdd={(form) => cart.add(form, wholeCategory)}
              busy={cart.isAdding(wholeCategory)}
              showPrice
              className="button button--accent"
            />
            {credit > 0 && (
              <p className="page-hero__credit">
                {t("{{price}} less {{credit}} credit for the groups you own", {
                  price: money(seo.price, seo.currency),
                  credit: money(credit, seo.currency),
                })}
              </p>
            )}
          </>
        ) : (
          <span className="pill pill--on-dark">{t("Free to read")}</span>
        )}
        {seo.price !== null && teamSeats(wholeCategory, true)}
      </ListingHero>
      <div className="section">
        <div className="container listing-body">
          {listing.groups.map((group) => (
            <GroupCard
              key={group.id}
              group={group}
              categorySlug={seo.slug}
              free={group.price === null && seo.price === null}
              owned={ownsWhole || ownership.groups.includes(group.id)}
              item={oneGroup(group.id)}
              onAdd={(form) => cart.add(form, oneGroup(group.id))}
              busy={cart.isAdding(oneGroup(group.id))}
              team={group.price !== null ? teamSeats(oneGroup(group.id)) : null}
              done={done}
            />
          ))}
          {listing.data.length > 0 && (
            <section aria-labelledby="articles-title">
              <h2 id="articles-title" className="section__title">
                {listing.groups.length > 0 ? t("More articles") : t("Articles")}
              </h2>
              <ContentGrid categorySlug={seo.slug} contents={listing.data} free={seo.price === null} done={done} />
            </section>
          )}
          {empty && <p className="empty-state">{t("No articles here yet: check back soon.")}</p>}
        </div>
      </div>
    </>
  );
}
