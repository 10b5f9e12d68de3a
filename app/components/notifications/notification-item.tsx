import { Form, Link, useNavigation } from "@remix-run/react";
import { Award, Flame, LoaderCircle, ShieldAlert, Store, UserCheck, UserPlus } from "lucide-react";
import { PostTime } from "~/components/community/post-time";
import { useFollow } from "~/components/community/use-community-write";
import { useT } from "~/components/use-t";
import { UserAvatar } from "~/components/user-avatar";
import { authorName } from "~/lib/rules/deleted-user";
import type { NotificationView } from "~/lib/schemas/notifications";

/** The page action's intents (app/routes/notifications.tsx). */
export const READ_INTENT = "read";
export const READ_ALL_INTENT = "read-all";

const APP_ICONS: Partial<Record<NotificationView["type"], typeof Award>> = {
  account: ShieldAlert,
  achievement: Award,
  stall_update: Store,
  trending: Flame,
};

/**
 * One inbox item. The item itself is a form: pressing it marks it read on the server, which then sends the reader to
 * what it is about (or back here when that was removed), with or without the page's JavaScript. A follow's buttons
 * sit beside it, outside the form, since a button cannot hold other controls.
 */
export function NotificationItem({ item, action }: { item: NotificationView; action: string }) {
  const t = useT();
  const navigation = useNavigation();
  const opening =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === READ_INTENT &&
    navigation.formData.get("id") === String(item.id);
  const actorName = item.actor ? authorName(t, item.actor.name) : null;
  const Icon = APP_ICONS[item.type] ?? Award;
  return (
    <li
      className={`rounded-xl border transition-colors ${
        item.read ? "border-border bg-surface" : "border-primary/40 bg-primary/5"
      } ${opening ? "opacity-60" : ""}`}
    >
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="intent" value={READ_INTENT} />
        <input type="hidden" name="id" value={item.id} />
        <button
          type="submit"
          disabled={opening}
          className="flex w-full items-start gap-3 rounded-xl p-3 text-left hover:bg-surface-muted/60 md:p-4"
        >
          {/* The text names the person; the picture need not say it again. */}
          <span aria-hidden="true" className="shrink-0">
            {item.actor && actorName ? (
              <UserAvatar name={actorName} url={item.actor.avatar_url} className="size-10 text-sm" />
            ) : (
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-surface-muted text-primary-strong">
                <Icon className="size-5" />
              </span>
            )}
          </span>
          <span className="min-w-0 flex-1">
            {/* What moderators did to the account is told apart from the app's other notices at a glance. */}
            {item.type === "account" ? (
              <span className="block font-semibold text-primary-strong text-xs uppercase tracking-wide">
                {t("About your account")}
              </span>
            ) : null}
            <span className={`block ${item.read ? "" : "font-semibold"}`}>{item.text}</span>
            {/* A mention's text is its post's: shown once, as the preview. */}
            {item.body && item.body !== item.subject?.preview ? (
              <span className="mt-1 line-clamp-2 block text-ink-muted text-sm">{item.body}</span>
            ) : null}
            {item.subject?.preview ? (
              <span
                className={`mt-2 block truncate rounded-lg border-primary/50 border-l-4 bg-surface-muted px-3 py-1.5 text-sm ${
                  item.subject.removed ? "text-ink-muted italic" : ""
                }`}
              >
                {item.subject.preview}
              </span>
            ) : null}
            <PostTime at={item.created_at} className="mt-1 block text-ink-muted text-xs" />
          </span>
          {opening ? (
            <LoaderCircle
              aria-hidden="true"
              className="mt-1 size-4 shrink-0 animate-spin text-primary motion-reduce:animate-none"
            />
          ) : item.read ? null : (
            <span className="mt-2 size-2.5 shrink-0 rounded-full bg-primary">
              <span className="sr-only">{t("Unread")}</span>
            </span>
          )}
        </button>
      </Form>
      {item.type === "follow" && item.actor?.username && actorName ? (
        <div className="flex flex-wrap gap-2 px-3 pb-3 pl-16 md:px-4 md:pl-[4.25rem]">
          <FollowBack username={item.actor.username} following={item.following_back === true} />
          <Link
            to={`/u/${encodeURIComponent(item.actor.username)}`}
            className="inline-flex min-h-9 items-center rounded-full border border-border px-3 font-semibold text-sm hover:bg-surface-muted"
          >
            {t("View Profile")}
          </Link>
        </div>
      ) : null}
    </li>
  );
}

/**
 * 'Follow Back' through the community's follow action (the same one as every follow button), shown as done at once
 * and put back with a toast if the server refuses. Once followed it says so; unfollowing is on their profile.
 */
function FollowBack({ username, following }: { username: string; following: boolean }) {
  const t = useT();
  const follow = useFollow(username, following);
  // One button throughout, so focus stays on it when it turns into 'Following'.
  return (
    <button
      type="button"
      aria-disabled={follow.on}
      onClick={follow.on ? undefined : follow.toggle}
      className={`inline-flex min-h-9 items-center gap-1 rounded-full px-3 font-semibold text-sm ${
        follow.on
          ? "cursor-default border border-border text-ink"
          : "bg-primary text-primary-foreground hover:opacity-90"
      }`}
    >
      {follow.on ? (
        <UserCheck aria-hidden="true" className="size-4" />
      ) : (
        <UserPlus aria-hidden="true" className="size-4" />
      )}
      {follow.on ? t("Following") : t("Follow Back")}
    </button>
  );
}
