import { readerFormatting } from "@skillshelf/shared/formatting.ts";
import { languageOfPath } from "@skillshelf/shared/i18n/languages.ts";
import { data, Outlet, type ShouldRevalidateFunctionArgs, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { languageNoticeTexts } from "./features/layout/language-notice-texts";
import type { NavUser } from "./features/layout/nav-user";
import {
  type RootData,
  RootErrorBoundary,
  type RootFailure,
  RootLayout,
  rootMeta,
} from "./features/layout/root-layout";
import { pageI18n } from "./lib/i18n";
import { revalidateUnlessUnsent } from "./lib/unsent-action";
import "./styles/base.css";
import "./styles/layout.css";
import "./styles/home.css";
import "./styles/listing.css";
import "./styles/content.css";
import "./styles/toast.css";
import "./styles/cart.css";
import "./styles/orders.css";
import "./styles/auth.css";
import "./styles/account.css";
import "./styles/admin.css";
import "./styles/search.css";
import { storeContext } from "./load-context";

// The SVG for the browsers that read it, the ICO (drawn from it at build time, scripts/favicon-ico.mjs)
// for the others. The ICO's sizes keep Chrome from preferring it to the SVG, as it does an ICO of "any" size.
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  let navigation: RootData["navigation"];
  let cartCount: number;
  try {
    // Serialized into every page: only the few header links, never the More.. list,
    // which the dropdown loads when opened, so a page's weight is flat in the catalogue's size.
    navigation = await store.navigation();
    cartCount = await store.cartCount();
  } catch (error) {
    console.error(error);
    throw data({ i18n: pageI18n(store.i18n) } satisfies RootFailure, { status: 500 });
  }
  const user: NavUser | null = store.viewer
    ? { name: store.viewer.user.name, operator: store.viewer.role === "admin" }
    : null;
  return {
    navigation,
    user,
    cartCount,
    unreadCount: await store.notificationCount(),
    paymentsEmulated: store.paymentsEmulated,
    // A learner's follows their settings; a guest's the page's language (kept pages are kept per language).
    formatting: readerFormatting(store.i18n.language, store.viewer?.user),
    // The page's language and its catalogue (or its file's address): the hydration translates with what the server did.
    i18n: pageI18n(store.i18n),
    // A guest's first visit to an English page, in the language their browser asks for: "this page is also in it".
    notice: languageNoticeTexts(store.i18n.suggestion),
  };
}

/**
 * The root's data (the header, the page's language) is read again after an action, and on the
 * way to a page of another language's URLs (/docker to /es/docker, /es/docker to the account area's
 * English URLs): the language, its catalogue and the notice change with it.
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return (
    languageOfPath(args.currentUrl.pathname) !== languageOfPath(args.nextUrl.pathname) || revalidateUnlessUnsent(args)
  );
}

// Children replace this; it speaks only when the root error boundary renders.
export function meta(args: Route.MetaArgs) {
  return rootMeta(args);
}

export function Layout({ children }: { children: React.ReactNode }) {
  return <RootLayout root={useRouteLoaderData<typeof loader>("root")}>{children}</RootLayout>;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <RootErrorBoundary />;
}
