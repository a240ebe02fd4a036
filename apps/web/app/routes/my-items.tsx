import { PAGE_SIZE } from "@skillshelf/shared/paging.ts";
import { IconsOnce } from "../components/icons/icons-once";
import { PageLinkError } from "../components/page-link-error";
import { cursorOf, Pager } from "../components/pager";
import { EmptyAccountState } from "../features/orders/components/empty-account-state";
import { OwnedItemCard } from "../features/orders/components/owned-item-card";
import { requireViewer } from "../lib/guards";
import { metaT, useT } from "../lib/i18n";
import { buildMeta } from "../lib/meta";
import { storeContext } from "../load-context";
import type { Route } from "./+types/my-items";

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireViewer(store, url);
  const page = await store.items({ cursor: cursorOf(url), limit: PAGE_SIZE });
  return {
    // Back from claiming a seat of a team purchase (routes/team-join.tsx).
    claimed: url.searchParams.get("notice") === "seat-claimed",
    items: page.rows,
    icons: store.icons(page.rows.map((item) => item.category.icon)),
    prev: page.prev_cursor,
    next: page.next_cursor,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [
    ...buildMeta({
      t,
      title: t("My Items"),
      description: t("The artefacts and groups you own on Skillshelf."),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function MyItems({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { items, prev, next, claimed } = loaderData;
  return (
    <div className="account-page">
      <header className="account-page__header">
        <div>
          <h1 className="account-page__title">{t("My Items")}</h1>
          <p className="account-page__lead">{t("Everything you have bought, ready to read.")}</p>
        </div>
      </header>
      {claimed && (
        <p className="notice" role="status">
          {t("Your seat is claimed: what it gives is below, ready to read.")}
        </p>
      )}
      {items.length === 0 ? (
        <EmptyAccountState
          title={t("No Items found")}
          text={t("Artefacts and groups you buy appear here.")}
          withExplore
        />
      ) : (
        <>
          <IconsOnce>
            <ul className="owned-grid">
              {items.map((item) => (
                <li key={item.id}>
                  <OwnedItemCard item={item} />
                </li>
              ))}
            </ul>
          </IconsOnce>
          <Pager prev={prev} next={next} href={pageHref} label={t("Item pages")} />
        </>
      )}
    </div>
  );
}

const pageHref = (cursor: string) => `/my-items?cursor=${encodeURIComponent(cursor)}`;

export function ErrorBoundary() {
  return <PageLinkError firstPage="/my-items" />;
}
