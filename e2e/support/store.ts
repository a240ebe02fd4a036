import { inject } from "vitest";

const stores = inject("stores");
const worker = Number(process.env.VITEST_POOL_ID ?? 1);
const own = stores[(worker - 1) % stores.length];
if (!own) throw new Error("e2e/global-setup.ts provided no store");

/**
 * The store this file drives: its worker's own (VITEST_POOL_ID counts the workers from 1), so a
 * store runs one file at a time, as each file expects (e2e/global-setup.ts starts one a worker).
 */
export const store = own;
