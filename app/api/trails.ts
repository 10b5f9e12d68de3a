import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import {
  generateTrailSchema,
  trailIdSchema,
  trailListQuerySchema,
  trailSchema,
} from "~/lib/schemas/food-trail";
import { trailReportSchema } from "~/lib/schemas/moderation";
import {
  createTrail,
  deleteTrail,
  exportTrail,
  forkTrail,
  generateTrail,
  generatorViewer,
  getTrail,
  listTrails,
  setTrailSaved,
  TRAIL_EXPORT_FORMATS,
  type TrailExportFormat,
  updateTrail,
} from "~/models/food-trail/food-trail.server";
import { reportTrail } from "~/models/report/report.server";
import type { ApiEnv } from "./context";
import { idempotent, requireConfirmedEmail } from "./contributions";
import { jsonError } from "./errors";
import { saveBody } from "./reactions";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

const TRAIL_NOT_FOUND = "Trail not found";

const trailParam = valid("param", z.object({ trailId: trailIdSchema }));

const EXPORT_PATH = new RegExp(`^(.+)\\.(${TRAIL_EXPORT_FORMATS.join("|")})$`);

/** GET /api/trails/:id and its exports (/:id.gpx, .kml, .geojson): a private trail answers 404 to all but its
 * author. */
async function readTrail(c: Context<ApiEnv>) {
  const param = c.req.param("trailId") ?? "";
  const exported = EXPORT_PATH.exec(param);
  const trailId = trailIdSchema.safeParse(exported ? exported[1] : param);
  if (!trailId.success) return jsonError(c, 404, TRAIL_NOT_FOUND);
  const viewer = await c.var.viewer();
  const now = new Date();
  if (!exported) {
    const trail = await getTrail(c.var.db, viewer?.id ?? null, trailId.data, now);
    return trail ? c.json(trail) : jsonError(c, 404, TRAIL_NOT_FOUND);
  }
  const file = await exportTrail(
    c.var.db,
    viewer?.id ?? null,
    trailId.data,
    exported[2] as TrailExportFormat,
    c.var.origin,
    now,
  );
  if (!file) return jsonError(c, 404, TRAIL_NOT_FOUND);
  return c.body(file.body, 200, {
    "Content-Type": file.contentType,
    "Content-Disposition": `attachment; filename="${file.filename}"`,
  });
}

/** Food Trails: anyone generates trails and reads public ones; a signed-in user makes, edits, deletes, forks, saves
 * and reports them (a report again answers 200 instead of 201 and keeps the first). */
export const trailsApi = new Hono<ApiEnv>()
  .post("/generate", valid("json", generateTrailSchema), async (c) => {
    const user = await c.var.viewer();
    const viewer = user ? await generatorViewer(c.var.db, user.id) : null;
    return c.json(await generateTrail(c.var.db, viewer, c.req.valid("json"), new Date()));
  })
  .get("/", valid("query", trailListQuerySchema), async (c) => {
    const viewer = await c.var.viewer();
    return c.json(await listTrails(c.var.db, viewer?.id ?? null, c.req.valid("query"), new Date()));
  })
  .get("/:trailId", readTrail)
  .route(
    "/",
    new Hono<SignedInEnv>()
      .use(signedInOnly)
      .post("/", requireConfirmedEmail, idempotent, valid("json", trailSchema), async (c) => {
        return c.json(await createTrail(c.var.db, c.var.user.id, c.req.valid("json")), 201);
      })
      .put("/:trailId", trailParam, valid("json", trailSchema), async (c) => {
        const { trailId } = c.req.valid("param");
        await updateTrail(c.var.db, c.var.user.id, trailId, c.req.valid("json"));
        return c.json({ id: trailId });
      })
      .delete("/:trailId", trailParam, async (c) => {
        await deleteTrail(c.var.db, c.var.user.id, c.req.valid("param").trailId);
        return c.body(null, 204);
      })
      .post("/:trailId/fork", requireConfirmedEmail, idempotent, trailParam, async (c) => {
        return c.json(await forkTrail(c.var.db, c.var.user.id, c.req.valid("param").trailId), 201);
      })
      .put("/:trailId/save", trailParam, saveBody, async (c) => {
        const { trailId } = c.req.valid("param");
        return c.json(
          await setTrailSaved(c.var.db, c.var.kv, c.var.user.id, trailId, c.req.valid("json").saved),
        );
      })
      .post(
        "/:trailId/report",
        requireConfirmedEmail,
        idempotent,
        trailParam,
        valid("json", trailReportSchema),
        async (c) => {
          const { created } = await reportTrail(
            c.var,
            c.var.user.id,
            c.req.valid("param").trailId,
            c.req.valid("json"),
          );
          return c.json({ reported: true }, created ? 201 : 200);
        },
      ),
  );
