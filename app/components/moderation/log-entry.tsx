import { Link } from "@remix-run/react";
import { PostTime } from "~/components/community/post-time";
import { Sentence, slot } from "~/components/sentence";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import { formatMoment } from "~/lib/rules/time-format";
import type { LogAction, LogSubjectType } from "~/lib/schemas/moderation-log";
import type { LogItem, LogPerson } from "~/models/audit.server";

/** The verb of every decision on a subject kind (`approve_stall`, `hide_post`): the kind is said beside it. */
const VERBS = {
  approve: msg("Approved"),
  reject: msg("Rejected"),
  keep: msg("Kept"),
  hide: msg("Hidden"),
  remove: msg("Removed"),
  restore: msg("Restored"),
};

/** The decisions that are not a verb on a subject kind: aliases, roles and account actions. */
const OTHER_ACTIONS: Partial<Record<LogAction, string>> = {
  add_alias: msg("Alias added"),
  remove_alias: msg("Alias removed"),
  grant_moderator: msg("Made a moderator"),
  revoke_moderator: msg("Moderator role taken"),
  warn: msg("Warned"),
  silence: msg("Silenced"),
  suspend: msg("Suspended"),
  remove_spam: msg("Removed as spam"),
  lift: msg("Restriction lifted"),
};

const SUBJECT_LABELS: Record<LogSubjectType, string> = {
  stall: msg("Stall"),
  review: msg("Review"),
  post: msg("Post"),
  comment: msg("Comment"),
  reel: msg("Reel"),
  trail: msg("Trail"),
  person: msg("Person"),
  claim: msg("Claim"),
  alias: msg("Dish alias"),
};

const actionWords = (action: LogAction) =>
  OTHER_ACTIONS[action] ?? VERBS[action.slice(0, action.indexOf("_")) as keyof typeof VERBS];

/** Where an entry's subject is seen, while it is still there; null for kinds without a page of their own. */
function subjectHref({ subject, person }: LogItem): string | null {
  if (!subject.there) return null;
  const id = encodeURIComponent(subject.id);
  switch (subject.type) {
    case "stall":
      return `/stall/${id}`;
    case "post":
      return `/feed?post=${id}`;
    case "reel":
      return `/reels/${id}`;
    case "trail":
      return `/food-trails/${id}`;
    case "person":
      return person?.username ? personHref(person.username) : null;
    default:
      return null;
  }
}

const personHref = (username: string) => `/moderation/people/${encodeURIComponent(username)}`;

/** A moderator or the person an entry concerns: their name, linked to their moderation page while they have one;
 * no one is the command line. */
function PersonName({ person }: { person: LogPerson | null }) {
  const t = useT();
  if (!person) return <>{t("the command line")}</>;
  if (!person.username) return <>{person.name ?? t("Deleted user")}</>;
  return (
    <Link to={personHref(person.username)} className="font-semibold text-primary-strong underline">
      {person.name ?? `@${person.username}`}
    </Link>
  );
}

/** One decision of the moderation log: what was done to which subject, by whom, about whom, why and when. */
export function LogEntry({ entry }: { entry: LogItem }) {
  const t = useT();
  const locale = useLocale();
  const href = subjectHref(entry);
  const { subject, person, reason } = entry;
  const name = subject.name || subject.id;
  return (
    <article className="rounded-xl border border-border bg-surface p-4">
      <p>
        <span className="font-bold">{t(actionWords(entry.action))}</span> · {t(SUBJECT_LABELS[subject.type])}{" "}
        {href ? (
          <Link to={href} className="font-semibold text-primary-strong underline">
            {name}
          </Link>
        ) : (
          <span className="font-semibold">{name}</span>
        )}
      </p>
      <p className="mt-1 text-sm">
        {person && subject.type !== "person" ? (
          <Sentence
            text={t("By {moderator}, about {person}", {
              moderator: slot("moderator"),
              person: slot("person"),
            })}
            parts={{
              moderator: <PersonName person={entry.moderator} />,
              person: <PersonName person={person} />,
            }}
          />
        ) : (
          <Sentence
            text={t("By {moderator}", { moderator: slot("moderator") })}
            parts={{ moderator: <PersonName person={entry.moderator} /> }}
          />
        )}
      </p>
      {reason ? <p className="mt-1 text-ink-muted text-sm">{t("Reason: {reason}", { reason })}</p> : null}
      <p className="mt-1 text-ink-muted text-xs">
        <PostTime at={new Date(entry.created_at).toISOString()} /> ·{" "}
        {formatMoment(new Date(entry.created_at), locale)}
      </p>
    </article>
  );
}
