import { META_DEFAULTS, MORE_CATEGORY } from "@skillshelf/shared/constants.ts";
import { MoreLinkItems } from "../features/layout/components/more-menu";
import { buildMeta, pageUrl, previewImage } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-page";
import type { Route } from "./+types/more";

// The 'More..' list as a page: where the header's More.. link leads before the page's
// script runs or without JavaScript, so no other page has to carry the whole list.
export const headers = publicPageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  return {
    entries: await context.moreCategories(),
    url: pageUrl(context.publicUrl, `/${MORE_CATEGORY.slug}`),
    image: previewImage(context.publicUrl, "Every category"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return buildMeta({
    title: META_DEFAULTS.listingTitle,
    description: META_DEFAULTS.listingDescription,
    url: loaderData?.url,
    image: loaderData?.image,
  });
}

export default function More({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="page-hero">
        <div className="container page-hero__inner">
          <h1 className="page-hero__title">{MORE_CATEGORY.name}</h1>
          <p className="page-hero__lead">Every category that is not in the navigation bar.</p>
        </div>
      </section>
      <div className="section">
        <div className="container">
          {loaderData.entries.length === 0 ? (
            <p className="empty-state">Every category is in the navigation bar.</p>
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
