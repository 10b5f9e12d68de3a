import { type Context, Hono } from "hono";
import { confirmationSchema } from "~/lib/schemas/community";
import { stallClaimSchema, stallReportSchema } from "~/lib/schemas/moderation";
import { isStallId } from "~/lib/schemas/stall-id";
import { createStallClaim } from "~/models/claim.server";
import { ModelError } from "~/models/model-error";
import { createStallReport } from "~/models/report/report.server";
import {
  confirmStall,
  findVisibleStallRef,
  listStallsByCreator,
  readStallFreshness,
  STALL_NOT_FOUND,
} from "~/models/stall/stall.server";
import { contributionGuards } from "./contributions";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

/** What signed-in people do around stalls: their own submissions, reports, ownership claims and 'Still here?'
 * answers (with a confirmed e-mail, like every contribution: 'Closed for good' answers can reach the moderators).
 * Each route carries signedInOnly itself, because this app shares the /shop prefix with the public stall list. */
export const stallCommunityApi = new Hono<SignedInEnv>()
  .get("/my-shops", signedInOnly, async (c) => c.json(await listStallsByCreator(c.var.db, c.var.user.id)))
  .post("/:id/reports", ...contributionGuards, valid("json", stallReportSchema), async (c) => {
    const stall = await visibleStall(c);
    await createStallReport(c.var.db, {
      stallId: stall.id,
      reporterId: c.var.user.id,
      ...c.req.valid("json"),
    });
    return c.json({ ok: true }, 201);
  })
  // 'Last confirmed' is public; the caller's own answer comes with it when they are signed in.
  .get("/:id/confirm", async (c) => {
    const id = c.req.param("id");
    if (!isStallId(id)) throw new ModelError(404, STALL_NOT_FOUND);
    const viewer = await c.var.viewer();
    return c.json(await readStallFreshness(c.var.db, viewer?.id ?? null, id));
  })
  .post("/:id/confirm", ...contributionGuards, valid("json", confirmationSchema), async (c) => {
    const id = c.req.param("id");
    if (!isStallId(id)) throw new ModelError(404, STALL_NOT_FOUND);
    return c.json(await confirmStall(c.var.db, c.var.user.id, id, c.req.valid("json").answer), 201);
  })
  .post("/:id/claims", ...contributionGuards, valid("json", stallClaimSchema), async (c) => {
    const stall = await visibleStall(c);
    await createStallClaim(c.var.db, stall, { userId: c.var.user.id, ...c.req.valid("json") });
    return c.json({ ok: true }, 201);
  });

/** The stall of the path as the caller may see it; one they may not see is refused as unknown (404). */
async function visibleStall(c: Context<SignedInEnv>) {
  const id = c.req.param("id") ?? "";
  const stall = isStallId(id) ? await findVisibleStallRef(c.var.db, id, c.var.user) : null;
  if (!stall) throw new ModelError(404, "Stall not found");
  return stall;
}
