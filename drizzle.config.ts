import { defineConfig } from "drizzle-kit";

// drizzle-kit only writes SQL migrations here; wrangler applies them (locally and to the remote D1).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.ts",
  out: "./migrations",
});
