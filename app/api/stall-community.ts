import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { stallClaimSchema, stallReportSchema } from "~/lib/schemas/moderation";
import { isStallId } from "~/lib/schemas/stall-id";
import { createStallClaim } from "~/models/claim.server";
import { createStallReport } from "~/models/report.server";
import { findVisibleStallRef, listStallsByCreator } from "~/models/stall/read.server";
import { idempotent, requireConfirmedEmail } from "./contributions";
import { jsonError, rejectInvalid } from "./errors";
import { type SignedInEnv, signedInOnly } from "./viewer";

/** What signed-in people do around stalls: their own submissions, reports and ownership claims. Each route
 * carries signedInOnly itself, because this app shares the /shop prefix with the public stall list. */
export const stallCommunityApi = new Hono<SignedInEnv>()
  .get("/my-shops", signedInOnly, async (c) => c.json(await listStallsByCreator(c.var.db, c.var.user.id)))
  .post(
    "/:id/reports",
    signedInOnly,
    requireConfirmedEmail,
    idempotent,
    zValidator("json", stallReportSchema, rejectInvalid),
    async (c) => {
      const stall = await visibleStall(c);
      if (stall instanceof Response) return stall;
      await createStallReport(c.var.db, {
        stallId: stall.id,
        reporterId: c.var.user.id,
        ...c.req.valid("json"),
      });
      return c.json({ ok: true }, 201);
    },
  )
  .post(
    "/:id/claims",
    signedInOnly,
    requireConfirmedEmail,
    idempotent,
    zValidator("json", stallClaimSchema, rejectInvalid),
    async (c) => {
      const stall = await visibleStall(c);
      if (stall instanceof Response) return stall;
      await createStallClaim(c.var.db, stall, { userId: c.var.user.id, ...c.req.valid("json") });
      return c.json({ ok: true }, 201);
    },
  );

/** The stall of the path as the caller may see it, or the error answer. */
async function visibleStall(c: Context<SignedInEnv>) {
  const id = c.req.param("id") ?? "";
  const stall = isStallId(id) ? await findVisibleStallRef(c.var.db, id, c.var.user) : null;
  return stall ?? jsonError(c, 404, "Stall not found");
}
