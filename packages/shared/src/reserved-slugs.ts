import { PREFIXED_LANGUAGES } from "./i18n/languages.ts";

// Apart from constants.ts, which every page's JavaScript carries: only the catalogue forms need these.
/** Top-level paths the store uses itself: no category may take these slugs. */
export const RESERVED_SLUGS = [
  "registration",
  "login",
  "logout",
  "forgot-password",
  "reset-password",
  "dashboard",
  "my-items",
  "my-orders",
  "order-details",
  "notifications",
  "settings",
  "cart",
  "checkout",
  "payment-confirmation",
  "payment-cancelled",
  "order-confirmation",
  "admin",
  "api",
  "media",
  "assets",
  "emulator",
  "more",
  "search",
  "robots-txt",
  // The Spanish and French pages' prefixes: /es/docker is Docker's Spanish page.
  ...PREFIXED_LANGUAGES,
  "unsubscribe",
  "delete-account",
  "account-deleted",
  // The pages' share images: /og/docker.png.
  "og",
  // Team seats: the seat manager's page and the invitation links (/teams/join/{code}).
  "my-teams",
  "teams",
] as const;
