import { z } from "zod";
import type { PersonView } from "~/lib/schemas/community";

// Notifications (issue 20): the inputs of /api/notifications and the /notifications page, and what they answer.

export const NOTIFICATION_TABS = ["all", "unread", "mentions"] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The types a person can switch off, in Settings' order; e-mail exists for stall_update only. */
export const SWITCHABLE_TYPES = [
  "like",
  "comment",
  "mention",
  "follow",
  "achievement",
  "stall_update",
  "trending",
] as const;
export type SwitchableType = (typeof SWITCHABLE_TYPES)[number];
export const EMAIL_TYPES = ["stall_update"] as const satisfies readonly SwitchableType[];

export const notificationListQuerySchema = z.object({
  tab: z.enum(NOTIFICATION_TABS, { error: "tab must be all, unread or mentions" }).default("all"),
  cursor: z.string().max(200, "cursor is not a cursor").optional(),
});

export const notificationIdSchema = z.coerce
  .number({ error: "id must be a number" })
  .int("id must be a number")
  .positive("id must be a number")
  .max(Number.MAX_SAFE_INTEGER, "id must be a number");

/** Settings > Community's switches: each given type set on or off, the others left as they are. */
export const notificationSettingsSchema = z
  .object({
    in_app: z.partialRecord(
      z.enum(SWITCHABLE_TYPES),
      z.boolean({ error: "each switch must be true or false" }),
    ),
    email: z.partialRecord(z.enum(EMAIL_TYPES), z.boolean({ error: "each switch must be true or false" })),
  })
  .partial()
  .strict();
export type NotificationSettingsChange = z.infer<typeof notificationSettingsSchema>;

export interface NotificationSettings {
  in_app: Record<SwitchableType, boolean>;
  email: Record<(typeof EMAIL_TYPES)[number], boolean>;
}

export type SubjectKind = "post" | "reel" | "review" | "stall" | "user";

export interface NotificationView {
  id: number;
  type: "like" | "follow" | "comment" | "mention" | "achievement" | "stall_update" | "trending" | "account";
  /** What happened, in the reader's language ('Asha and 4 others liked your post'). */
  text: string;
  /** The comment, the mention's text, the rejection reason; empty when there is none. */
  body: string;
  /** The newest person in the item; null for the app's own notices. */
  actor: PersonView | null;
  /** How many other people the item groups. */
  others: number;
  read: boolean;
  created_at: string;
  /** Where a click goes; null when the subject was removed. */
  href: string | null;
  subject: { kind: SubjectKind; removed: boolean; preview: string | null } | null;
  /** For a follow: whether the reader follows the newest follower back; null for other types. */
  following_back: boolean | null;
}

export interface NotificationPage {
  data: NotificationView[];
  next_cursor: string | null;
}
