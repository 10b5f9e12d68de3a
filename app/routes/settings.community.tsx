import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Ban, VolumeX } from "lucide-react";
import { KEEP_AWAY_ACTION, KEEP_AWAY_INTENTS, keepAwayForm } from "~/components/community/block-mute";
import { PendingButton } from "~/components/form/pending-button";
import { useAnswerToast } from "~/components/form/use-answer-toast";
import { PageShell } from "~/components/layout/page-shell";
import { TitledSection } from "~/components/layout/titled-section";
import { useT } from "~/components/use-t";
import { readFormData } from "~/lib/http/form-data.server";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { MUTED_WORDS_MAX } from "~/lib/rules/muted-words";
import { usernameParamSchema } from "~/lib/schemas/community";
import { blockSchema, type KeptAwayList, mutedWordsSchema, muteSchema } from "~/lib/schemas/safety";
import { mutedWordsOf } from "~/models/block.server";
import { keepAway, listKeptAway, saveMutedWords, USER_NOT_FOUND } from "~/models/keep-away.server";
import { ModelError } from "~/models/model-error";
import { done, refusal } from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";

// Settings > Community > Blocked and muted (ADR 048): the people the member blocked or muted, each with its undo, and
// their muted words. Its action is also where a post's menu and a profile block and mute (KEEP_AWAY_ACTION).

export const meta = pageMeta((t) => ({ title: pageTitle(t("Blocked and muted")) }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const [blocked, muted, words] = await Promise.all([
    listKeptAway(context.db, viewer.id, "blocks"),
    listKeptAway(context.db, viewer.id, "mutes"),
    mutedWordsOf(context.db, viewer.id),
  ]);
  return { blocked: blocked.data, muted: muted.data, words };
}

const ANSWERS = {
  block: { true: msg("Blocked. They are not told."), false: msg("Unblocked.") },
  mute: { true: msg("Muted. They are not told."), false: msg("Unmuted.") },
};
const WORDS_INTENT = "muted-words";

/** A block, a mute (each `username` and `value` "true" or "false", the API's schemas), or the muted words, given as
 * one text of words separated by spaces, commas or lines. */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const form = await readFormData(request);
  const intent = String(form.get("intent"));
  try {
    if (intent === WORDS_INTENT) {
      const words = String(form.get("words") ?? "")
        .split(/[\s,]+/)
        .filter(Boolean);
      const input = mutedWordsSchema.safeParse({ words });
      if (!input.success) throw new ModelError(400, input.error.issues[0]?.message ?? "");
      await saveMutedWords(context.db, viewer.id, input.data.words);
      return done(msg("Muted words saved."));
    }
    const username = usernameParamSchema.safeParse(form.get("username"));
    if (!username.success) throw new ModelError(404, USER_NOT_FOUND);
    const value =
      form.get("value") === "true" ? true : form.get("value") === "false" ? false : form.get("value");
    if (intent === KEEP_AWAY_INTENTS.block) {
      const { blocked } = blockSchema.parse({ blocked: value });
      await keepAway(context.db, context.kv, viewer.id, username.data, { blocked });
      return done(ANSWERS.block[`${blocked}`]);
    }
    if (intent === KEEP_AWAY_INTENTS.mute) {
      const { muted } = muteSchema.parse({ muted: value });
      await keepAway(context.db, context.kv, viewer.id, username.data, { muted });
      return done(ANSWERS.mute[`${muted}`]);
    }
    throw new ModelError(400, msg("Unknown action"));
  } catch (error) {
    return refusal(error);
  }
}

export default function BlockedAndMutedPage() {
  const { blocked, muted, words } = useLoaderData<typeof loader>();
  const t = useT();
  useAnswerToast(useActionData<typeof action>());
  const saving = useNavigation().formData?.get("intent") === WORDS_INTENT;
  return (
    <PageShell title={t("Blocked and muted")}>
      <div className="space-y-6">
        <p className="text-ink-muted">
          {t(
            "People you block or mute are not told. Unblocking does not bring back the follows a block ended.",
          )}
        </p>
        {(
          [
            ["blocked", "block", blocked, t("Blocked people"), t("You have not blocked anyone.")],
            ["muted", "mute", muted, t("Muted people"), t("You have not muted anyone.")],
          ] as const
        ).map(([id, intent, people, title, empty]) => (
          <PeopleList key={id} id={id} title={title} empty={empty} people={people} intent={intent} />
        ))}
        <TitledSection id="muted-words" title={t("Muted words")} look="card">
          <Form method="post" className="mt-2 space-y-3">
            <input type="hidden" name="intent" value={WORDS_INTENT} />
            <label htmlFor="muted-words-input" className="block text-ink-muted text-sm">
              {t(
                "Feed posts and comments with these whole words are hidden from you. Up to {count} words, separated by spaces or commas; Hindi words as written.",
                { count: MUTED_WORDS_MAX },
              )}
            </label>
            <textarea
              id="muted-words-input"
              name="words"
              rows={3}
              defaultValue={words.join(", ")}
              className="w-full rounded-lg border border-border bg-surface p-2"
            />
            <PendingButton
              type="submit"
              pending={saving}
              pendingLabel={t("Saving...")}
              className="min-h-11 rounded-full bg-primary px-5 font-semibold text-primary-foreground disabled:opacity-60"
            >
              {t("Save muted words")}
            </PendingButton>
          </Form>
        </TitledSection>
        <p>
          <Link to="/settings#community" className="font-semibold underline">
            {t("Back to Settings")}
          </Link>
        </p>
      </div>
    </PageShell>
  );
}

function PeopleList({
  id,
  title,
  empty,
  people,
  intent,
}: {
  id: string;
  title: string;
  empty: string;
  people: KeptAwayList["data"];
  intent: keyof typeof KEEP_AWAY_INTENTS;
}) {
  const t = useT();
  const Icon = intent === "block" ? Ban : VolumeX;
  return (
    <TitledSection id={id} title={title} look="card">
      {people.length === 0 ? (
        <p className="py-2 text-ink-muted">{empty}</p>
      ) : (
        <ul className="divide-y divide-border">
          {people.map((person) => (
            <li key={person.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="flex min-w-0 items-center gap-2">
                <Icon aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
                <span className="truncate font-medium">{person.name}</span>
                {person.username ? <span className="text-ink-muted text-sm">@{person.username}</span> : null}
              </span>
              {person.username ? (
                <Form method="post" action={KEEP_AWAY_ACTION}>
                  {Object.entries(keepAwayForm(intent, person.username, false)).map(([name, value]) => (
                    <input key={name} type="hidden" name={name} value={value} />
                  ))}
                  <button
                    type="submit"
                    className="min-h-11 rounded-full border border-border px-4 font-semibold text-sm hover:bg-surface-muted"
                  >
                    {intent === "block"
                      ? t("Unblock @{username}", { username: person.username })
                      : t("Unmute @{username}", { username: person.username })}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
