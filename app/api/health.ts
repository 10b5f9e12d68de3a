import { Hono } from "hono";
import { pingDatabase } from "~/db/client.server";
import type { ApiEnv } from "./context";
import { jsonError } from "./errors";

export const healthApi = new Hono<ApiEnv>().get("/", async (c) => {
  try {
    await pingDatabase(c.var.db);
  } catch (error) {
    console.error("health check: database unavailable", error);
    return jsonError(c, 503, "Database unavailable");
  }
  return c.json({ ok: true });
});
