import type { Navigation } from "@skillshelf/shared/api.ts";
import { GENERIC_ERROR, META_DEFAULTS } from "@skillshelf/shared/constants.ts";
import { readerFormatting } from "@skillshelf/shared/formatting.ts";
import { languageOfPath } from "@skillshelf/shared/i18n/languages.ts";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { ConfirmProvider } from "./features/confirm/confirm-dialog";
import { ErrorPage } from "./features/errors/components/error-page";
import { NotFoundPage } from "./features/errors/components/not-found-page";
import { LanguageNotice } from "./features/layout/components/language-notice";
import { SiteFooter } from "./features/layout/components/site-footer";
import { SiteHeader } from "./features/layout/components/site-header";
import { SkipLink } from "./features/layout/components/skip-link";
import { languageNoticeTexts } from "./features/layout/language-notice-texts";
import type { NavUser } from "./features/layout/nav-user";
import { ToastProvider } from "./features/toast/toast-context";
import { metaT, type PageI18n, pageI18n, TranslatorProvider, translatorOf } from "./lib/i18n";
import { buildMeta } from "./lib/meta";
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

const NO_NAVIGATION: Navigation = { header: [], hasMore: false };

/** What the root's error page gets when this loader fails: it has no loader data, and so no language else. */
interface RootFailure {
  i18n: PageI18n;
}

/** The page's language when the root loader failed: it came with the error. */
const failedI18n = (error: unknown): PageI18n | undefined =>
  isRouteErrorResponse(error) ? (error.data as Partial<RootFailure> | null)?.i18n : undefined;

export async function loader({ context }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  let navigation: Navigation;
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
export function meta({ error, matches }: Route.MetaArgs) {
  const t = metaT(matches, failedI18n(error));
  if (isRouteErrorResponse(error) && error.status === 404) {
    return buildMeta({
      t,
      title: t(META_DEFAULTS.notFoundTitle),
      description: t("The page you're looking for doesn't exist. It may have been moved or deleted."),
    });
  }
  if (error) return buildMeta({ t, title: t("Something went wrong"), description: t(GENERIC_ERROR) });
  return buildMeta({ t, title: t(META_DEFAULTS.homeTitle), description: t(META_DEFAULTS.homeDescription) });
}

/** A route module sets `handle = { toastPosition: "top-center" }` on the auth screens (SPEC.md section 9). */
export interface RouteHandle {
  toastPosition?: "top-right" | "top-center";
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const error = useRouteError();
  const matches = useMatches();
  const toastPosition =
    matches.map((m) => (m.handle as RouteHandle | undefined)?.toastPosition).findLast(Boolean) ?? "top-right";
  // Without the root's data (its loader failed), the page's language came with the error.
  const i18n = root?.i18n ?? failedI18n(error);
  const translator = translatorOf(i18n);
  return (
    <html lang={translator.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Fetched beside the page's scripts: entry.client hydrates once it has come. Only the document
            needs it, and hydration passes over a link in the head it does not render. */}
        {import.meta.env.SSR && i18n && "catalogue" in i18n && (
          <link rel="preload" href={i18n.catalogue} as="fetch" crossOrigin="anonymous" />
        )}
        <Meta />
        <Links />
      </head>
      <body>
        <TranslatorProvider value={translator}>
          <ToastProvider position={toastPosition}>
            <ConfirmProvider>
              <SkipLink />
              {root?.notice && <LanguageNotice notice={root.notice} />}
              <SiteHeader
                navigation={root?.navigation ?? NO_NAVIGATION}
                user={root?.user ?? null}
                cartCount={root?.cartCount ?? 0}
                unreadCount={root?.unreadCount ?? 0}
              />
              <main id="main" tabIndex={-1}>
                {children}
              </main>
              <SiteFooter paymentsEmulated={root?.paymentsEmulated ?? false} signedIn={Boolean(root?.user)} />
            </ConfirmProvider>
          </ToastProvider>
        </TranslatorProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage />;
}
