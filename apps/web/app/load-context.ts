import type { StoreContext } from "@skillshelf/shared/api.ts";

declare module "react-router" {
  interface AppLoadContext extends StoreContext {
    /** The nonce of this response's Content-Security-Policy for inline scripts. */
    cspNonce: string;
  }
}
