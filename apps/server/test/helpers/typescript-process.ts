/**
 * Node's arguments for a child process that runs this repository's TypeScript as it is (tsx),
 * with packages/shared from its source ("source" in its package.json's exports) rather than
 * its build. The store itself runs compiled (apps/server/dist) under `npm start`.
 */
export const TYPESCRIPT_NODE_ARGS = ["--conditions=source", "--import", "tsx"];
