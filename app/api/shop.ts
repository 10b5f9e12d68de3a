import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { MAX_RADIUS_KM, NEARBY_RADIUS_KM, stallListQuerySchema } from "~/lib/stall-query";
import { findViewer } from "~/models/session.server";
import {
  findNearbyStalls,
  findStallDetail,
  InvalidCursorError,
  listApprovedStalls,
} from "~/models/stall.server";
import type { ApiEnv } from "./context";
import { jsonError, rejectInvalid } from "./errors";

export const shopApi = new Hono<ApiEnv>()
  .get("/", zValidator("query", stallListQuerySchema, rejectInvalid), async (c) => {
    const query = c.req.valid("query");
    const filters = {
      tag: query.tag,
      openNow: query.filter === "open_now",
      onlyNew: query.filter === "new",
    };
    try {
      if (query.near) {
        const { items, nextCursor } = await findNearbyStalls(c.var.db, {
          center: query.near,
          radiusKm: query.radius_km ?? (query.filter === "nearby" ? NEARBY_RADIUS_KM : MAX_RADIUS_KM),
          limit: query.limit,
          cursor: query.cursor,
          filters,
        });
        return c.json({ items, nextCursor });
      }
      return c.json(
        await listApprovedStalls(c.var.db, { limit: query.limit, cursor: query.cursor, filters }),
      );
    } catch (error) {
      if (error instanceof InvalidCursorError) return jsonError(c, 400, "cursor: Invalid cursor", "cursor");
      throw error;
    }
  })
  .get("/by-unique/:id", async (c) => {
    const id = c.req.param("id");
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(id)) return jsonError(c, 404, "Stall not found");
    const viewer = await findViewer(c.var.db, c.env.KV, c.req.raw.headers);
    const stall = await findStallDetail(c.var.db, id, viewer);
    return stall ? c.json(stall) : jsonError(c, 404, "Stall not found");
  });
