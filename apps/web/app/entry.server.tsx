import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from "react-router";
import { storeContext } from "./load-context";

export const streamTimeout = 5000;

/**
 * A loader's or an action's error, as React Router's default logs it; kept for the host too, which
 * answers 503 rather than 500 when it says the database is out of reach (apps/server routes/pages.ts).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  (context as RouterContextProvider).get(storeContext).rendered.errors.push(error);
  console.error(error);
};

/** The key of the page context (load-context.ts), for the host to set it under: the build's own object. */
export { storeContext };

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const store = loadContext.get(storeContext);
  return new Promise<Response>((resolve, reject) => {
    // Aborts a render still running after streamTimeout; cleared once the document is written, so that
    // finished renders are not kept alive by their timers for seconds (as React Router's own template does).
    let timeout: ReturnType<typeof setTimeout> | undefined;
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={store.cspNonce} />,
      {
        nonce: store.cspNonce,
        // No route defers data, so the shell is the whole document: it is collected and sent as one body,
        // one write to the socket and one pass of the compressor. Crawlers and no-script readers get the same.
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Uint8Array[] = [];
          const collector = {
            // React's Node renderer writes its HTML as bytes, and large texts as the strings they are.
            write(chunk: Uint8Array | string) {
              chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
              return true;
            },
            end() {
              clearTimeout(timeout);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              // The document goes to the host as the bytes they are (load-context.ts): a body would be
              // wrapped in a stream and read back into bytes before it is sent.
              store.rendered.html = Buffer.concat(chunks);
              resolve(new Response(null, { headers: responseHeaders, status: responseStatusCode }));
            },
            destroy(error: unknown) {
              clearTimeout(timeout);
              reject(error);
            },
            // pipe() listens for drain, error and close: a list of chunks has none of them.
            on: () => collector,
          };
          pipe(collector as unknown as NodeJS.WritableStream);
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
