import { type Context, Hono } from "hono";
import { z } from "zod";
import { REEL_POSTER_MAX_BYTES, reelCreateSchema, reelUploadStartSchema } from "~/lib/schemas/reels";
import {
  abortReelUpload,
  createReel,
  REEL_POSTER_INVALID,
  startReelUpload,
  uploadReelPart,
} from "~/models/reel/reel.server";
import { contributionGuards } from "./contributions";
import { jsonError, validationError } from "./errors";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

// Uploading a reel (ADR 027): begin an upload, send its parts (raw bytes, Content-Length required, streamed to R2),
// cancel it, or finish it with the form that makes the pending reel (Content-Length required too).

const uploadParam = z.object({
  upload_id: reelCreateSchema.shape.upload_id,
});
const partParams = uploadParam.extend({
  part_number: z.coerce
    .number({ error: "part_number must be a number" })
    .int("part_number must be a whole number")
    .min(1, "part_number starts at 1")
    .max(10_000, "part_number is at most 10000"),
});

// Multipart framing and the text fields around the poster: a larger body cannot hold a valid form.
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The body's declared length, or the refusal: required (411), so a body too large is refused before it is read. */
function declaredLength(c: Context): number | Response {
  const header = c.req.header("Content-Length");
  if (header === undefined) return jsonError(c, 411, "Content-Length is required");
  if (!/^\d+$/.test(header)) return jsonError(c, 400, "Content-Length must be a number of bytes");
  return Number(header);
}

/** /api/reels (mounted before reelsApi) */
export const reelUploadsApi = new Hono<SignedInEnv>()
  .post("/uploads", ...contributionGuards, valid("json", reelUploadStartSchema), async (c) =>
    c.json(await startReelUpload(c.var.db, c.env.PHOTOS, c.var.user, c.req.valid("json")), 201),
  )
  .put("/uploads/:upload_id/parts/:part_number", signedInOnly, valid("param", partParams), async (c) => {
    // The length comes first: R2 takes a stream only of known length, and a part is refused before it is read.
    const length = declaredLength(c);
    if (length instanceof Response) return length;
    const { upload_id, part_number } = c.req.valid("param");
    return c.json(
      await uploadReelPart(
        c.var.db,
        c.env.PHOTOS,
        c.var.user.id,
        upload_id,
        part_number,
        c.req.raw.body,
        length,
      ),
    );
  })
  .delete("/uploads/:upload_id", signedInOnly, valid("param", uploadParam), async (c) => {
    await abortReelUpload(c.var.db, c.env.PHOTOS, c.var.user.id, c.req.valid("param").upload_id);
    return c.body(null, 204);
  })
  .post("/", ...contributionGuards, async (c) => {
    // formData() reads the whole body: a chunked one, of no declared length, could be any size.
    const length = declaredLength(c);
    if (length instanceof Response) return length;
    if (length > REEL_POSTER_MAX_BYTES + FORM_OVERHEAD_BYTES)
      return jsonError(c, 413, REEL_POSTER_INVALID, "poster");
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      return jsonError(c, 400, "Send the reel as multipart/form-data");
    }
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : undefined;
    };
    const parts = text("parts");
    let partsValue: unknown = parts;
    try {
      if (parts !== undefined) partsValue = JSON.parse(parts);
    } catch {
      // Left as text, which the schema refuses beside parts.
    }
    const parsed = reelCreateSchema.safeParse({
      upload_id: text("upload_id"),
      parts: partsValue,
      stall_id: text("stall_id"),
      caption: text("caption"),
    });
    if (!parsed.success) return validationError(c, parsed.error);
    const poster = form.get("poster");
    if (!(poster instanceof File) || poster.size === 0)
      return jsonError(c, 400, REEL_POSTER_INVALID, "poster");
    return c.json(await createReel(c.var.db, c.env.PHOTOS, c.var.user, parsed.data, poster), 201);
  });
