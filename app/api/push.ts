import { Hono } from "hono";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "~/lib/schemas/push";
import { deletePushSubscription, savePushSubscription, vapidKeys } from "~/models/push.server";
import { jsonError } from "./errors";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

/** Web push (issue 23): the app's VAPID public key, which browsers subscribe with, and this browser's subscription
 * for the signed-in person, turned on (PUT) or off (DELETE). */
export const pushApi = new Hono<SignedInEnv>()
  .get("/key", (c) => {
    const keys = vapidKeys(c.var.config);
    if (!keys) return jsonError(c, 404, "Push notifications are not set up");
    return c.json({ key: keys.publicKey });
  })
  .put("/subscription", signedInOnly, valid("json", pushSubscriptionSchema), async (c) => {
    await savePushSubscription(c.var.db, c.var.user.id, c.req.valid("json"));
    return c.json({ subscribed: true });
  })
  .delete("/subscription", signedInOnly, valid("json", pushUnsubscribeSchema), async (c) => {
    await deletePushSubscription(c.var.db, c.var.user.id, c.req.valid("json").endpoint);
    return c.json({ subscribed: false });
  });
