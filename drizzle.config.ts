import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` uses this: migrations are SQL files committed under drizzle/
// and applied by lib/db/migrate.ts on both engines.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema.ts",
  out: "./drizzle",
});
