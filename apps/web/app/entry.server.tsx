import { Writable } from "node:stream";
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
    // Aborts a render still running after streamTimeout; cleared once the document is written, so that
    // finished renders are not kept alive by their timers for seconds (as React Router's own template does).
    let timeout: ReturnType<typeof setTimeout> | undefined;
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <ServerTilesHtml.Provider value={tilesHtml}>
        <ServerRouter context={routerContext} url={request.url} nonce={loadContext.cspNonce} />
      </ServerTilesHtml.Provider>,
      {
        nonce: loadContext.cspNonce,
        // No route defers data, so the shell is the whole document: it is collected and sent as one body,
        // one write to the socket and one pass of the compressor, where each of React's 2 KB chunks would
        // cross a Node stream and a web stream of its own. Crawlers and no-script readers get the same.
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          pipe(
            new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                clearTimeout(timeout);
                responseHeaders.set("Content-Type", "text/html; charset=utf-8");
                resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
                callback();
              },
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // An error in the shell is the caller's, through onShellError.
          if (shellRendered) console.error(error);
        },
      },
    );
    timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
