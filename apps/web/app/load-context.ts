import type { StoreContext } from "@skillshelf/shared/api.ts";
import { createContext } from "react-router";

/** What the host (apps/server's routes/pages.ts) gives each request's loaders, actions and document. */
export interface PageContext extends StoreContext {
  /** The nonce of this response's Content-Security-Policy for inline scripts. */
  cspNonce: string;
  /**
   * Where entry.server leaves the document it rendered, for the host to send as it is: through a
   * Response body it would be wrapped in a stream and read back.
   */
  rendered: {
    html: Buffer | null;
    /** What the loaders and actions threw (entry.server's handleError): the host tells an outage by it. */
    errors: unknown[];
  };
}

/**
 * The page context in React Router's request context: `context.get(storeContext)` in a loader or an
 * action. The host sets it in the RouterContextProvider it hands React Router for each request, under
 * this very key, which it takes from the server build's entry (entry.server re-exports it).
 */
export const storeContext = createContext<PageContext>();
