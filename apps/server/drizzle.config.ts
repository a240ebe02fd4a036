import { defineConfig } from "drizzle-kit";

// Only for `npm run db:generate -w apps/server`: writes a reviewed SQL migration
// from the schema. Migrations are applied by the server at start-up, never pushed.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./drizzle",
});
