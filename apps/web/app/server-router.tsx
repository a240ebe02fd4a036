/**
 * React Router's <ServerRouter> for this app, with the route tree kept.
 *
 * React Router's own component builds the whole render route tree again for every page
 * (`createServerRoutes`, then `createStaticRouter` converts it: a few thousand objects a page),
 * and `createStaticRouter` returns the router as an object literal with getters. V8 gives every
 * such object a map of its own in the old generation, whose getters hold the page's whole state
 * (its route tree, matches and loader data): young-generation collections cannot free any of it,
 * so every page was copied into the old generation (30 KB a signed-in page) and cleared by full
 * collections, whose marking set the p99 of /my-orders.
 *
 * Here the route tree is converted once per build, by React Router's own `createStaticRouter`, and
 * each page gets a router of plain properties over it: the same elements, the same HTML. What this
 * copies from React Router 7 (`createServerRoutes`, `StreamTransfer`) is marked; the test
 * `server-router.test.ts` renders pages with both routers and compares them byte for byte.
 */
import * as React from "react";
import {
  createPath,
  createStaticRouter,
  type DataRouteObject,
  type EntryContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  IDLE_BLOCKER,
  IDLE_FETCHER,
  IDLE_NAVIGATION,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  type RouteObject,
  type StaticHandlerContext,
  StaticRouterProvider,
  UNSAFE_shouldHydrateRouteLoader as shouldHydrateRouteLoader,
  type To,
} from "react-router";

type Manifest = EntryContext["manifest"];
type RouteModules = EntryContext["routeModules"];
type ManifestRoute = NonNullable<Manifest["routes"][string]>;
type RouteModule = NonNullable<RouteModules[string]>;
type StaticRouter = ReturnType<typeof createStaticRouter>;

interface RenderRoutes {
  manifest: Manifest;
  routes: DataRouteObject[];
  byId: StaticRouter["manifest"];
}

/**
 * The tree of the build being served, known by its manifest (React Router's `build.assets`, the same
 * object for every request; the route modules object is made anew for each, of the build's modules).
 */
let kept: RenderRoutes | null = null;

function renderRoutes(context: EntryContext): RenderRoutes {
  if (kept?.manifest === context.manifest) return kept;
  // React Router's own conversion (ids, elements, error boundaries), run once over a context with no matches.
  const converted = createStaticRouter(serverRoutes(context.manifest.routes, context.routeModules), {
    matches: [],
  } as unknown as StaticHandlerContext);
  const tree = {
    manifest: context.manifest,
    routes: converted.routes,
    byId: converted.manifest,
  };
  kept = tree;
  return tree;
}

// From React Router 7's lib/dom/ssr/routes.tsx (createServerRoutes, getRouteComponents), for a server
// render outside SPA mode. One difference: a root without a HydrateFallback gets none, where React
// Router's gets a default "Loading..." shell. A server render shows a route's fallback only when its
// loader has not run, and with no clientLoader in this app every matched loader has run (or failed,
// which shows the error boundary).
function serverRoutes(manifestRoutes: Manifest["routes"], routeModules: RouteModules): RouteObject[] {
  const byParent = new Map<string, ManifestRoute[]>();
  for (const route of Object.values(manifestRoutes)) {
    if (!route) continue;
    const parentId = route.parentId ?? "";
    byParent.set(parentId, [...(byParent.get(parentId) ?? []), route]);
  }
  const build = (parentId: string): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const routeModule = routeModules[route.id];
      if (!routeModule) throw new Error(`No route module for route ${route.id}`);
      const children = build(route.id);
      return {
        ...routeComponents(route, routeModule),
        caseSensitive: route.caseSensitive,
        id: route.id,
        index: route.index,
        path: route.path,
        handle: routeModule.handle,
        lazy: undefined,
        // Never called in a static render: it tells the render the route has data.
        loader: route.hasLoader || route.hasClientLoader ? () => null : undefined,
        ...(children.length > 0 ? { children } : {}),
      } as RouteObject;
    });
  return build("");
}

function routeComponents(route: ManifestRoute, routeModule: RouteModule) {
  const isEmptyObject =
    typeof routeModule.default === "object" &&
    routeModule.default !== null &&
    Object.keys(routeModule.default).length === 0;
  const Component = routeModule.default == null || isEmptyObject ? undefined : routeModule.default;
  const { ErrorBoundary, HydrateFallback } = routeModule;
  const Layout = (route.id === "root" ? routeModule.Layout : undefined) as
    | React.ComponentType<{ children: React.ReactNode }>
    | undefined;
  if (!Layout) return { Component, ErrorBoundary, HydrateFallback };
  return {
    ...(Component ? { element: <Layout>{React.createElement(Component)}</Layout> } : { Component }),
    ...(ErrorBoundary ? { errorElement: <Layout>{React.createElement(ErrorBoundary)}</Layout> } : { ErrorBoundary }),
    ...(HydrateFallback
      ? { hydrateFallbackElement: <Layout>{React.createElement(HydrateFallback)}</Layout> }
      : { HydrateFallback }),
  };
}

const stateless = (method: string) => () => {
  throw new Error(`You cannot use router.${method}() on the server because it is a stateless environment`);
};

/** What createStaticRouter returns, as plain properties: an object of a shape every page shares. */
function pageRouter(
  tree: RenderRoutes,
  context: StaticHandlerContext,
  branches: EntryContext["branches"],
): StaticRouter {
  const matches = context.matches.map((match) => ({ ...match, route: tree.byId[match.route.id] ?? match.route }));
  return {
    basename: context.basename,
    future: { v8_middleware: false, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
    state: {
      historyAction: "POP",
      location: context.location,
      matches,
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: context.errors,
      initialized: true,
      renderFallback: false,
      navigation: IDLE_NAVIGATION,
      restoreScrollPosition: null,
      preventScrollReset: false,
      revalidation: "idle",
      fetchers: new Map(),
      blockers: new Map(),
    },
    routes: tree.routes,
    branches,
    manifest: tree.byId,
    window: undefined,
    initialize: stateless("initialize"),
    subscribe: stateless("subscribe"),
    enableScrollRestoration: stateless("enableScrollRestoration"),
    navigate: stateless("navigate"),
    fetch: stateless("fetch"),
    revalidate: stateless("revalidate"),
    createHref: (to: To) => (typeof to === "string" ? to : createPath(to)),
    encodeLocation: (to: To) => {
      const href = (typeof to === "string" ? to : createPath(to)).replace(/ $/, "%20");
      const encoded = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href) ? new URL(href) : new URL(href, "http://localhost");
      return { pathname: encoded.pathname, search: encoded.search, hash: encoded.hash };
    },
    getFetcher: () => IDLE_FETCHER,
    deleteFetcher: stateless("deleteFetcher"),
    resetFetcher: stateless("resetFetcher"),
    dispose: stateless("dispose"),
    getBlocker: () => IDLE_BLOCKER,
    deleteBlocker: stateless("deleteBlocker"),
    patchRoutes: stateless("patchRoutes"),
    _internalFetchControllers: new Map(),
    _internalSetRoutes: stateless("_internalSetRoutes"),
    _internalSetStateDoNotUseOrYouWillBreakYourApp: stateless("_internalSetStateDoNotUseOrYouWillBreakYourApp"),
  } as unknown as StaticRouter;
}

export function StoreServerRouter({ context, nonce }: { context: EntryContext; nonce?: string }) {
  const tree = renderRoutes(context);
  const { manifest, routeModules, criticalCss, serverHandoffString } = context;
  // As React Router's: loader data the browser loads itself is not sent (none in this app: no clientLoader).
  const handlerContext = context.staticHandlerContext;
  handlerContext.loaderData = { ...handlerContext.loaderData };
  for (const match of handlerContext.matches) {
    const routeId = match.route.id;
    const route = routeModules[routeId];
    const manifestRoute = manifest.routes[routeId];
    if (
      route &&
      manifestRoute &&
      shouldHydrateRouteLoader(routeId, route.clientLoader, manifestRoute.hasLoader, context.isSpaMode) &&
      (route.HydrateFallback || !manifestRoute.hasLoader)
    ) {
      delete handlerContext.loaderData[routeId];
    }
  }
  const router = pageRouter(tree, handlerContext, context.branches);
  return (
    <>
      <FrameworkContext.Provider
        value={{
          manifest,
          routeModules,
          criticalCss,
          serverHandoffString,
          future: context.future,
          ssr: context.ssr,
          isSpaMode: context.isSpaMode,
          routeDiscovery: context.routeDiscovery,
          nonce,
          serializeError: context.serializeError,
          renderMeta: context.renderMeta,
        }}
      >
        <RemixErrorBoundary location={router.state.location}>
          <StaticRouterProvider router={router} context={handlerContext} hydrate={false} />
        </RemixErrorBoundary>
      </FrameworkContext.Provider>
      {context.serverHandoffStream ? (
        <React.Suspense>
          <StreamTransfer
            context={context}
            identifier={0}
            reader={context.serverHandoffStream.getReader()}
            textDecoder={new TextDecoder()}
            nonce={nonce}
          />
        </React.Suspense>
      ) : null}
    </>
  );
}

// From React Router 7's lib/dom/ssr/single-fetch.tsx (StreamTransfer, escapeHtml): the page's loader
// data, streamed into inline scripts for hydration as its turbo-stream encoder writes it.
type StreamRead = Promise<void> & { result?: { done: boolean; value: string }; error?: unknown };

function StreamTransfer({
  context,
  identifier,
  reader,
  textDecoder,
  nonce,
}: {
  context: EntryContext;
  identifier: number;
  reader: ReadableStreamDefaultReader<Uint8Array>;
  textDecoder: TextDecoder;
  nonce?: string;
}): React.ReactNode {
  const renderMeta = context.renderMeta as
    | { didRenderScripts?: boolean; streamCache?: Record<number, StreamRead> }
    | undefined;
  if (!renderMeta?.didRenderScripts) return null;
  renderMeta.streamCache ??= {};
  const streamCache = renderMeta.streamCache;
  let promise = streamCache[identifier];
  if (!promise) {
    const read: StreamRead = reader
      .read()
      .then((result) => {
        read.result = { done: result.done, value: textDecoder.decode(result.value, { stream: true }) };
      })
      .catch((error: unknown) => {
        read.error = error;
      });
    streamCache[identifier] = read;
    promise = read;
  }
  if (promise.error) throw promise.error;
  if (promise.result === undefined) throw promise;
  const { done, value } = promise.result;
  const scriptTag = value ? (
    <script
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of the loader data, escaped for a script (escapeHtml).
      dangerouslySetInnerHTML={{
        __html: `window.__reactRouterContext.streamController.enqueue(${escapeHtml(JSON.stringify(value))});`,
      }}
    />
  ) : null;
  if (done) {
    return (
      <>
        {scriptTag}
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script.
          dangerouslySetInnerHTML={{ __html: "window.__reactRouterContext.streamController.close();" }}
        />
      </>
    );
  }
  return (
    <>
      {scriptTag}
      <React.Suspense>
        <StreamTransfer
          context={context}
          identifier={identifier + 1}
          reader={reader}
          textDecoder={textDecoder}
          nonce={nonce}
        />
      </React.Suspense>
    </>
  );
}

const ESCAPE_LOOKUP: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const escapeHtml = (html: string) => html.replace(/[&><\u2028\u2029]/g, (match) => ESCAPE_LOOKUP[match] ?? match);
