import { Hono } from "hono";
import { photoUrl } from "~/lib/http/photo-url";
import { lookAlikeQuerySchema, stallCreateSchema } from "~/lib/schemas/stall-form";
import { isStallId } from "~/lib/schemas/stall-id";
import { stallListQuerySchema } from "~/lib/schemas/stall-query";
import { MAX_RADIUS_KM, NEARBY_RADIUS_KM } from "~/lib/schemas/stall-query-fields";
import { readPhotoUpload, storePhoto } from "~/models/photo.server";
import {
  findLookAlikeStalls,
  findNearbyStalls,
  findStallDetail,
  findStallsInBox,
  listApprovedStalls,
  submitStall,
} from "~/models/stall/stall.server";
import type { ApiEnv } from "./context";
import { contributionGuards } from "./contributions";
import { jsonError } from "./errors";
import { valid } from "./validate";
import { signedInOnly } from "./viewer";

export const shopApi = new Hono<ApiEnv>()
  .get("/", valid("query", stallListQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const filters = {
      tag: query.tag,
      openNow: query.filter === "open_now",
      onlyNew: query.filter === "new",
    };
    if (query.bbox) {
      const { items, truncated } = await findStallsInBox(c.var.db, {
        box: query.bbox,
        near: query.near,
        nearbyKm: query.filter === "nearby" ? NEARBY_RADIUS_KM : undefined,
        limit: query.limit,
        filters,
      });
      return c.json({ items, truncated });
    }
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
    return c.json(await listApprovedStalls(c.var.db, { limit: query.limit, cursor: query.cursor, filters }));
  })
  .get("/by-unique/:id", async (c) => {
    const id = c.req.param("id");
    if (!isStallId(id)) return jsonError(c, 404, "Stall not found");
    const viewer = await c.var.viewer();
    const stall = await findStallDetail(c.var.db, id, viewer);
    return stall ? c.json(stall) : jsonError(c, 404, "Stall not found");
  })
  .get("/look-alikes", signedInOnly, valid("query", lookAlikeQuerySchema), async (c) => {
    const { lat, lng, name } = c.req.valid("query");
    const stalls = await findLookAlikeStalls(c.var.db, {
      center: { lat, lng },
      name,
      pending: { createdBy: c.var.user.id },
    });
    return c.json(
      stalls.map((stall) => ({
        shop_unique_id: stall.shop_unique_id,
        name: stall.name,
        location: stall.status === "approved" ? stall.location : null,
        distance: stall.distance,
        status: stall.status,
      })),
    );
  })
  .post("/", ...contributionGuards, valid("json", stallCreateSchema), async (c) => {
    const viewer = c.var.user;
    const shopUniqueId = await submitStall(c.var.db, viewer.id, c.req.valid("json"));
    return c.json(await findStallDetail(c.var.db, shopUniqueId, viewer), 201);
  })
  .post("/upload", ...contributionGuards, async (c) => {
    const { image } = await readPhotoUpload(c.req.raw);
    const key = await storePhoto(c.var.db, c.var.photos, { userId: c.var.user.id, ...image });
    return c.json({ url: photoUrl(key) }, 201);
  });
