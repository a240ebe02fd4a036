export * from "./accounts.ts";
export * from "./catalogue.ts";
export * from "./commerce.ts";
export * from "./notifications.ts";
export * from "./progress.ts";
export * from "./sales.ts";
export * from "./settings.ts";
export * from "./tax.ts";
