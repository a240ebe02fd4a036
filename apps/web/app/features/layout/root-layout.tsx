import type { Navigation } from "@skillshelf/shared/api.ts";
import { GENERIC_ERROR, META_DEFAULTS } from "@skillshelf/shared/constants.ts";
import { isRouteErrorResponse, Links, Meta, Scripts, ScrollRestoration, useMatches, useRouteError } from "react-router";
import { metaT, type PageI18n, TranslatorProvider, translatorOf } from "../../lib/i18n";
import { buildMeta } from "../../lib/meta";
import { ConfirmProvider } from "../confirm/confirm-dialog";
import { ErrorPage } from "../errors/components/error-page";
import { NotFoundPage } from "../errors/components/not-found-page";
import { ToastProvider } from "../toast/toast-context";
import { LanguageNotice } from "./components/language-notice";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { SkipLink } from "./components/skip-link";
import type { LanguageNoticeTexts } from "./language-notice-texts";
import type { NavUser } from "./nav-user";

/*
 * The root route's page (app/root.tsx): its document, its error page and its head. Apart from the
 * route's module, whose file keeps the stylesheets and the loader, so that every page has them in the
 * shell's file (apps/web/vite.config.ts) rather than in a file of their own.
 */

/** What the root's loader gives the layout. */
export interface RootData {
  navigation: Navigation;
  user: NavUser | null;
  cartCount: number;
  unreadCount: number;
  paymentsEmulated: boolean;
  i18n: PageI18n;
  notice: LanguageNoticeTexts | null;
}

/** What the root's error page gets when its loader fails: it has no loader data, and so no language else. */
export interface RootFailure {
  i18n: PageI18n;
}

/** A route module sets `handle = { toastPosition: "top-center" }` on the auth screens (SPEC.md section 9). */
export interface RouteHandle {
  toastPosition?: "top-right" | "top-center";
}

const NO_NAVIGATION: Navigation = { header: [], hasMore: false };

/** The page's language when the root loader failed: it came with the error. */
const failedI18n = (error: unknown): PageI18n | undefined =>
  isRouteErrorResponse(error) ? (error.data as Partial<RootFailure> | null)?.i18n : undefined;

/** The root's head, which the pages' own replace; it speaks only when the root error boundary renders. */
export function rootMeta({ error, matches }: { error?: unknown; matches: Parameters<typeof metaT>[0] }) {
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

export function RootLayout({ root, children }: { root: RootData | undefined; children: React.ReactNode }) {
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

export function RootErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage />;
}
