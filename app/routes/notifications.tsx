import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { AtSign, BellOff, CheckCheck, PartyPopper, Settings } from "lucide-react";
import type { ReactNode } from "react";
import { PendingButton } from "~/components/form/pending-button";
import { LinkTabs } from "~/components/link-tabs";
import { READ_ALL_INTENT, READ_INTENT } from "~/components/notifications/notification-item";
import { NotificationList } from "~/components/notifications/notification-list";
import { PushOptIn } from "~/components/notifications/push-opt-in";
import { useUnreadCount } from "~/components/notifications/unread-count";
import { LinkTabPanel } from "~/components/page/link-tab-panel";
import { useT } from "~/components/use-t";
import type { ActionAnswer } from "~/lib/http/action-answer";
import { readFormData } from "~/lib/http/form-data.server";
import { safeRedirectPath } from "~/lib/http/redirect";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { translatorFor } from "~/lib/i18n/translator.server";
import { unreadBadge } from "~/lib/rules/unread-badge";
import {
  type NotificationTab,
  notificationIdSchema,
  notificationListQuerySchema,
} from "~/lib/schemas/notifications";
import { ModelError } from "~/models/model-error";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "~/models/notification/notification.server";
import { refusal } from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";
import { queryParam } from "~/request/query.server";

// The component reads the schemas' module for types only (its values would bring zod into the page's JavaScript).
// The Record names every tab, in the order shown.
const TAB_LABELS: Record<NotificationTab, string> = {
  all: msg("All"),
  unread: msg("Unread"),
  mentions: msg("Mentions"),
};
const TABS = Object.keys(TAB_LABELS) as NotificationTab[];
/** The Unread tab's badge stops at '99+': the count itself stops at 100. */
const TAB_BADGE_MOST = 99;
const UNKNOWN_INTENT = msg("Choose read or read-all");

const tabHref = (tab: NotificationTab) => (tab === "all" ? "/notifications" : `/notifications?tab=${tab}`);

const tabOf = (request: Request) =>
  queryParam(new URL(request.url), "tab", notificationListQuerySchema.shape.tab, "all" as const);

export const meta = pageMeta((t) => ({ title: pageTitle(t("Notifications")) }));

/** The reader's inbox by tab, page after ?cursor= ('Load more' reads the next page here too). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const tab = tabOf(request);
  const cursor = notificationListQuerySchema.shape.cursor.safeParse(
    new URL(request.url).searchParams.get("cursor") ?? undefined,
  );
  if (!cursor.success) throw new Response("Bad Request", { status: 400 });
  const t = translatorFor(await context.language());
  const page = await listNotifications(context.db, viewer.id, { tab, cursor: cursor.data }, t).catch(
    (error: unknown) => {
      // A cursor this page never gave out.
      if (error instanceof ModelError && error.status === 400)
        throw new Response("Bad Request", { status: 400 });
      throw error;
    },
  );
  return { tab, page };
}

/**
 * An item pressed (read: mark it read and go where it leads, or back to the tab when its subject is gone) or 'Mark
 * all read' (back to the tab). Plain form posts, so both work before the page's code has loaded; Remix then loads
 * the root again, and the bell shows the new count.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const back = tabHref(tabOf(request));
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === READ_ALL_INTENT) {
    await markAllNotificationsRead(context.db, context.kv, viewer.id);
    return redirect(back);
  }
  if (intent !== READ_INTENT)
    return data<ActionAnswer>({ ok: false, message: UNKNOWN_INTENT }, { status: 400 });
  const id = notificationIdSchema.safeParse(form.get("id"));
  if (!id.success)
    return data<ActionAnswer>({ ok: false, message: id.error.issues[0]?.message ?? null }, { status: 400 });
  try {
    const { href } = await markNotificationRead(context.db, context.kv, viewer.id, id.data);
    return redirect(safeRedirectPath(href, back));
  } catch (error) {
    return refusal(error);
  }
}

export default function NotificationsPage() {
  const { tab, page } = useLoaderData<typeof loader>();
  const refused = useActionData<ActionAnswer>();
  const t = useT();
  const navigation = useNavigation();
  const location = useLocation();
  const unread = useUnreadCount() ?? 0;
  const markingAll = navigation.state !== "idle" && navigation.formData?.get("intent") === READ_ALL_INTENT;
  const badge = unreadBadge(unread, TAB_BADGE_MOST);
  const action = tabHref(tab);

  return (
    <div className="mx-auto max-w-2xl px-4 py-6 md:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-bold text-2xl md:text-3xl">{t("Notifications")}</h1>
        <div className="flex items-center gap-2">
          {unread > 0 || page.data.some((item) => !item.read) ? (
            <Form method="post" action={action} preventScrollReset>
              <input type="hidden" name="intent" value={READ_ALL_INTENT} />
              <PendingButton
                type="submit"
                pending={markingAll}
                pendingLabel={t("Marking...")}
                icon={<CheckCheck aria-hidden="true" className="size-4" />}
                className="inline-flex min-h-10 items-center gap-2 rounded-full border border-border px-4 font-semibold text-sm hover:border-primary disabled:opacity-60"
              >
                {t("Mark all read")}
              </PendingButton>
            </Form>
          ) : null}
          <Link
            to="/settings#community"
            aria-label={t("Notification settings")}
            className="inline-flex size-10 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink"
          >
            <Settings aria-hidden="true" className="size-5" />
          </Link>
        </div>
      </div>
      <PushOptIn />
      {refused && !refused.ok && refused.message ? (
        <p role="alert" className="mt-4 rounded-xl bg-surface-muted p-3 text-closed text-sm">
          {t(refused.message)}
        </p>
      ) : null}
      <LinkTabs
        label={t("Notifications")}
        idPrefix="notifications"
        values={TABS}
        selected={tab}
        href={tabHref}
        columns="grid-cols-3"
        className="mt-5"
      >
        {(value, selected) => (
          <>
            {t(TAB_LABELS[value])}
            {/* A space, so the tab's name reads "Unread 5", not "Unread5". */}
            {value === "unread" && badge ? " " : null}
            {value === "unread" && badge ? (
              <span
                className={`inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1.5 font-bold text-xs leading-none ${
                  selected
                    ? "bg-primary-foreground text-primary-strong"
                    : "bg-primary text-primary-foreground"
                }`}
              >
                {badge}
              </span>
            ) : null}
          </>
        )}
      </LinkTabs>
      <LinkTabPanel idPrefix="notifications" selected={tab} path="/notifications" className="mt-4">
        {/* A new visit to the tab (a reload after 'Mark all read' too) starts again from its first page. */}
        <NotificationList
          key={location.key}
          first={page}
          action={action}
          label={t(TAB_LABELS[tab])}
          empty={<EmptyTab tab={tab} />}
        />
      </LinkTabPanel>
    </div>
  );
}

function EmptyTab({ tab }: { tab: NotificationTab }) {
  const t = useT();
  const [icon, title]: [ReactNode, string] =
    tab === "unread"
      ? [<PartyPopper key="icon" aria-hidden="true" className="size-6" />, t("You're all caught up!")]
      : tab === "mentions"
        ? [<AtSign key="icon" aria-hidden="true" className="size-6" />, t("No mentions")]
        : [<BellOff key="icon" aria-hidden="true" className="size-6" />, t("No notifications")];
  return (
    <div className="rounded-2xl border border-border border-dashed bg-surface p-8 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-surface-muted text-primary-strong">
        {icon}
      </div>
      <p className="mt-3 font-bold text-lg">{title}</p>
    </div>
  );
}
