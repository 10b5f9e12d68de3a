import { Hono } from "hono";
import { clientIp } from "~/lib/auth/client-ip";
import { contactSchema, supportAnswerSchema, supportInboxQuerySchema } from "~/lib/schemas/contact";
import { newsletterSchema } from "~/lib/schemas/newsletter";
import { newsletterSecret, subscribeToNewsletter } from "~/models/newsletter.server";
import {
  answerSupportMessage,
  countSupportMessages,
  listSupportMessages,
  submitContactMessage,
} from "~/models/support.server";
import type { ApiEnv } from "./context";
import { moderatorsOnly, rowParam } from "./post-moderation";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

/** The contact form and the newsletter for API clients: visitors may use both; a signed-in caller's message is
 * kept with their account. The same models and limits as /contact and the footer's box. */
export const supportApi = new Hono<ApiEnv>()
  .post("/contact", valid("json", contactSchema), async (c) => {
    const viewer = await c.var.viewer();
    const { id } = await submitContactMessage(c.var, c.req.valid("json"), {
      userId: viewer?.id ?? null,
      ip: clientIp(c.req.raw.headers),
    });
    return c.json({ id, status: "open" }, 201);
  })
  .post("/newsletter", valid("json", newsletterSchema), async (c) => {
    const outcome = await subscribeToNewsletter(
      { ...c.var, secret: newsletterSecret(c.var.config) },
      c.req.valid("json").email,
      clientIp(c.req.raw.headers),
    );
    // 202: nothing is subscribed until the e-mailed link is followed.
    return outcome === "already-subscribed"
      ? c.json({ status: "subscribed" }, 200)
      : c.json({ status: "pending" }, 202);
  });

/**
 * The support inbox under /api/moderation: the same models as /moderation/support. The list is open messages
 * (oldest first) or answered ones (newest first), with both counts; an answer is e-mailed to the sender, and a
 * message already answered is refused with 409. `mailed: false` says the e-mail failed although the answer is kept,
 * so the moderator writes to `email` themselves, as the page tells them.
 */
export const supportInboxApi = new Hono<SignedInEnv>()
  .use(signedInOnly, moderatorsOnly)
  .get("/support", valid("query", supportInboxQuerySchema), async (c) => {
    const [counts, page] = await Promise.all([
      countSupportMessages(c.var.db),
      listSupportMessages(c.var.db, c.req.valid("query")),
    ]);
    return c.json({ counts, ...page });
  })
  .post(
    "/support/:id/answer",
    rowParam,
    valid("json", supportAnswerSchema.pick({ answer: true })),
    async (c) => {
      const { answer } = c.req.valid("json");
      const { email, mailed } = await answerSupportMessage(
        c.var,
        { id: c.req.valid("param").id, answer },
        c.var.user.id,
      );
      return c.json({ answered: true, email, mailed });
    },
  );
