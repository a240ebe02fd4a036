import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { ArtefactGroups, ServerTilesHtml } from "./features/home/components/artefact-groups";
import "./load-context";
import { readerFormatting } from "@skillshelf/shared/formatting.ts";
import { TranslatorProvider, translatorOf } from "./lib/i18n";

/**
 * Home's tiles as HTML, rendered here rather than from loader data: what a loader
 * returns is also serialized for hydration, which would send every tile's text twice.
 */
async function homeTilesHtml(routerContext: EntryContext, loadContext: AppLoadContext): Promise<string | null> {
  const isHome = routerContext.staticHandlerContext.matches.some((match) => match.route.id === "routes/home");
  if (!isHome || routerContext.staticHandlerContext.errors) return null;
  const [home, { categories: owned }] = await Promise.all([loadContext.home(), loadContext.ownership()]);
  const formatting = readerFormatting(loadContext.i18n.language, loadContext.viewer?.user);
  return renderToStaticMarkup(
    <TranslatorProvider value={translatorOf(loadContext.i18n)}>
      <ArtefactGroups home={home} owned={owned} formatting={formatting} />
    </TranslatorProvider>,
  );
}

export const streamTimeout = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const tilesHtml = await homeTilesHtml(routerContext, loadContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Aborts a render still running after streamTimeout; cleared once the document is sent, so that
    // finished renders are not kept alive by their timers for seconds (as React Router's own template does).
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and the no-script reader get the whole document at once.
    const readyEvent = userAgent && isbot(userAgent) ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <ServerTilesHtml.Provider value={tilesHtml}>
        <ServerRouter context={routerContext} url={request.url} nonce={loadContext.cspNonce} />
      </ServerTilesHtml.Provider>,
      {
        nonce: loadContext.cspNonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
