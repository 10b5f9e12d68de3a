import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { InvalidCursorError, listApprovedStalls } from "~/models/stall.server";
import type { ApiEnv } from "./context";
import { jsonError, validationError } from "./errors";

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(24),
  cursor: z.string().max(200).optional(),
});

export const shopApi = new Hono<ApiEnv>().get(
  "/",
  zValidator("query", listQuery, (result, c) =>
    result.success ? undefined : validationError(c, result.error),
  ),
  async (c) => {
    const { limit, cursor } = c.req.valid("query");
    try {
      const page = await listApprovedStalls(c.var.db, { limit, cursor });
      return c.json(page);
    } catch (error) {
      if (error instanceof InvalidCursorError) return jsonError(c, 400, "cursor: Invalid cursor", "cursor");
      throw error;
    }
  },
);
