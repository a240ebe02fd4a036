import { META_DEFAULTS, MORE_CATEGORY } from "@skillshelf/shared/constants.ts";
import { MoreLinkItems } from "../features/layout/components/more-menu";
import { metaT, translatorOf, useT } from "../lib/i18n";
import { buildMeta, pageAddress, previewImage } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-page";
import { storeContext } from "../load-context";
import type { Route } from "./+types/more";

// The 'More..' list as a page: where the header's More.. link leads before the page's
// script runs or without JavaScript, so no other page has to carry the whole list.
export const headers = publicPageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const { t } = translatorOf(store.i18n);
  return {
    entries: await store.moreCategories(),
    address: pageAddress(store, `/${MORE_CATEGORY.slug}`),
    image: previewImage(store.publicUrl, t("Every category"), t),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return buildMeta({
    t,
    title: t(META_DEFAULTS.listingTitle),
    description: t(META_DEFAULTS.listingDescription),
    address: loaderData?.address,
    image: loaderData?.image,
  });
}

export default function More({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <section className="page-hero">
        <div className="container page-hero__inner">
          <h1 className="page-hero__title">{t(MORE_CATEGORY.name)}</h1>
          <p className="page-hero__lead">{t("Every category that is not in the navigation bar.")}</p>
        </div>
      </section>
      <div className="section">
        <div className="container">
          {loaderData.entries.length === 0 ? (
            <p className="empty-state">{t("Every category is in the navigation bar.")}</p>
          ) : (
            <ul className="more-page__list">
              <MoreLinkItems entries={loaderData.entries} />
            </ul>
          )}
        </div>
      </div>
    </>
  );
}
