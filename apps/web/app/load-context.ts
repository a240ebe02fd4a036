import type { StoreContext } from "@skillshelf/shared/api.ts";

declare module "react-router" {
  interface AppLoadContext extends StoreContext {
    /** The nonce of this response's Content-Security-Policy for inline scripts. */
    cspNonce: string;
    /**
     * Where entry.server leaves the document it rendered, for the host (apps/server's routes/pages.ts)
     * to send as it is: through a Response body it would be encoded, wrapped in a stream and read back.
     */
    rendered: { html: string | null };
  }
}
