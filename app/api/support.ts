import { Hono } from "hono";
import { clientIp } from "~/lib/auth/client-ip";
import { contactSchema } from "~/lib/schemas/contact";
import { newsletterSchema } from "~/lib/schemas/newsletter";
import { newsletterSecret, subscribeToNewsletter } from "~/models/newsletter.server";
import { submitContactMessage } from "~/models/support.server";
import type { ApiEnv } from "./context";
import { valid } from "./validate";

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
