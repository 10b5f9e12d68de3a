import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import type { MentionPolicy, ProfileVisibility } from "~/lib/rules/options";
import type { NotificationSettings, SwitchableType } from "~/lib/schemas/notifications";
import { ChoiceButtons } from "./preferences-choice";

const VISIBILITY_LABELS: Record<ProfileVisibility, string> = {
  public: msg("Public"),
  followers: msg("Followers only"),
};
const MENTION_LABELS: Record<MentionPolicy, string> = {
  everyone: msg("Everyone"),
  following: msg("People I follow"),
  nobody: msg("Nobody"),
};

// In Settings' order; the Record names every type a person can switch off (the schemas' list is zod's module).
const NOTIFICATION_LABELS: Record<SwitchableType, string> = {
  like: msg("Likes"),
  comment: msg("Comments"),
  mention: msg("Mentions"),
  follow: msg("New followers"),
  achievement: msg("Achievements"),
  stall_update: msg("Stall updates"),
  trending: msg("Trending"),
};
const NOTIFICATION_TYPES = Object.keys(NOTIFICATION_LABELS) as SwitchableType[];

/** The field names of a switch's form, read by the settings page's action. */
export const SWITCH_FIELDS = {
  channel: "notification_channel",
  type: "notification_type",
  on: "on",
} as const;

/** Settings > Community: kept on the profile, so only for someone signed in. */
export function CommunitySettings({
  profileVisibility,
  mentionPolicy,
  notifications,
}: {
  profileVisibility: ProfileVisibility;
  mentionPolicy: MentionPolicy;
  notifications: NotificationSettings;
}) {
  const t = useT();
  return (
    <>
      <ChoiceButtons
        label={t("Profile visibility")}
        name="profile_visibility"
        labels={VISIBILITY_LABELS}
        current={profileVisibility}
      />
      <ChoiceButtons
        label={t("Who can mention me")}
        name="mention_policy"
        labels={MENTION_LABELS}
        current={mentionPolicy}
      />
      <div className="py-3">
        <h3 className="font-medium">{t("Notifications in the app")}</h3>
        <ul className="mt-1">
          {NOTIFICATION_TYPES.map((type) => (
            <li key={type}>
              <NotificationSwitch
                channel="in_app"
                type={type}
                label={t(NOTIFICATION_LABELS[type])}
                on={notifications.in_app[type]}
              />
            </li>
          ))}
        </ul>
      </div>
      <div className="py-3">
        <h3 className="font-medium">{t("E-mail")}</h3>
        <NotificationSwitch
          channel="email"
          type="stall_update"
          label={t("E-mail me about my stalls")}
          on={notifications.email.stall_update}
        />
      </div>
    </>
  );
}

/**
 * One switch, a form of its own that posts the state asked for: it works before the page's code has loaded, and
 * with it the switch moves at once, goes back if the server refuses, and a toast says it was saved.
 */
function NotificationSwitch({
  channel,
  type,
  label,
  on,
}: {
  channel: keyof NotificationSettings;
  type: SwitchableType;
  label: string;
  on: boolean;
}) {
  const fetcher = useActionFetcher({ toastId: "notification-settings" });
  const asked = fetcher.formData?.get(SWITCH_FIELDS.on);
  const shown = typeof asked === "string" ? asked === "true" : on;
  const id = `notify-${channel}-${type}`;
  return (
    <fetcher.Form
      method="post"
      action="/settings?index"
      className="flex items-center justify-between gap-4 py-2"
    >
      <input type="hidden" name={SWITCH_FIELDS.channel} value={channel} />
      <input type="hidden" name={SWITCH_FIELDS.type} value={type} />
      <span id={id}>{label}</span>
      <button
        type="submit"
        role="switch"
        aria-checked={shown}
        aria-labelledby={id}
        name={SWITCH_FIELDS.on}
        value={String(!shown)}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition-colors ${
          shown ? "border-primary bg-primary" : "border-ink-muted bg-surface"
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full shadow transition-transform motion-reduce:transition-none ${
            shown ? "translate-x-[1.35rem] bg-surface" : "translate-x-0.5 bg-ink-muted"
          }`}
        />
      </button>
    </fetcher.Form>
  );
}
