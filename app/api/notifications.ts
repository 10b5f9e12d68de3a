import { Hono } from "hono";
import { z } from "zod";
import { translatorFor } from "~/lib/i18n/translator.server";
import {
  notificationIdSchema,
  notificationListQuerySchema,
  notificationSettingsSchema,
} from "~/lib/schemas/notifications";
import {
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  saveNotificationSettings,
  unreadCount,
} from "~/models/notification/notification.server";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

const idParam = valid("param", z.object({ id: notificationIdSchema }));

/** The signed-in person's notifications (issue 20): their inbox by tab, the bell's unread count, reading, and the
 * per-type switches. Another person's notification answers 404. */
export const notificationsApi = new Hono<SignedInEnv>()
  .use(signedInOnly)
  .get("/", valid("query", notificationListQuerySchema), async (c) => {
    const t = translatorFor(await c.var.language());
    return c.json(await listNotifications(c.var.db, c.var.user.id, c.req.valid("query"), t));
  })
  .get("/unread-count", async (c) => {
    // Read on every tab focus: like every signed-in answer it is `private, no-store` (workers/edge-cache.ts).
    return c.json({ count: await unreadCount(c.var.db, c.var.kv, c.var.user.id) });
  })
  .post("/read-all", async (c) => {
    await markAllNotificationsRead(c.var.db, c.var.kv, c.var.user.id);
    return c.json({ count: 0 });
  })
  .post("/:id/read", idParam, async (c) => {
    return c.json(await markNotificationRead(c.var.db, c.var.kv, c.var.user.id, c.req.valid("param").id));
  })
  .get("/settings", async (c) => c.json(await getNotificationSettings(c.var.db, c.var.user.id)))
  .put("/settings", valid("json", notificationSettingsSchema), async (c) =>
    c.json(await saveNotificationSettings(c.var.db, c.var.user.id, c.req.valid("json"))),
  );
