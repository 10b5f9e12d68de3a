import { Link } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { TitledSection } from "~/components/layout/titled-section";
import { Sentence, slot } from "~/components/sentence";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";

const DELETED = [
  msg("your profile: name, username, photo, bio, phone, birthday and preferences"),
  msg("your e-mail address, password, sign-in sessions and linked Google or GitHub accounts"),
  msg("your favourites with their notes and personal ratings"),
  msg("your notifications, private trails and saved trails"),
  msg("your newsletter subscription and the messages you sent us"),
] as const;

const KEPT = [
  msg("the stalls you added"),
  msg("your public reviews and ratings"),
  msg("your public food trails"),
] as const;

/**
 * The danger zone: what deleting the account removes and what stays under 'Deleted user', said before the person
 * confirms by typing their username (or e-mail address when they have none).
 */
export function DataDelete({
  confirmation,
}: {
  confirmation: { kind: "username" | "email"; value: string };
}) {
  const t = useT();
  const inputId = useId();
  const [typed, setTyped] = useState("");
  const remove = useActionFetcher({ inline: true });
  const refused = remove.state === "idle" && remove.data && !remove.data.ok ? remove.data.message : null;
  const matches = typed.trim().toLowerCase() === confirmation.value.toLowerCase();
  return (
    <TitledSection
      id="delete-title"
      anchor="delete"
      title={t("Delete account")}
      className="rounded-xl border-2 border-closed bg-surface p-4"
      titleClassName="font-semibold text-closed text-lg"
    >
      <p className="mt-1 text-sm">
        {t("Deleting your account cannot be undone. Download a backup first if you want to keep your data.")}
      </p>
      <h3 className="mt-3 font-semibold text-sm">{t("Deleted for good:")}</h3>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {DELETED.map((text) => (
          <li key={text}>{t(text)}</li>
        ))}
      </ul>
      <h3 className="mt-3 font-semibold text-sm">{t("Kept for the community, under 'Deleted user':")}</h3>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {KEPT.map((text) => (
          <li key={text}>{t(text)}</li>
        ))}
      </ul>
      <p className="mt-1 text-ink-muted text-sm">
        {t("Nothing kept names you. We send a last e-mail to confirm.")}
      </p>
      <p className="mt-3 text-sm">
        <Sentence
          text={t(
            "This is your right to erasure under India's Digital Personal Data Protection Act, 2023 (DPDP Act) and the GDPR. Read more in our {privacy}.",
            { privacy: slot("privacy") },
          )}
          parts={{
            privacy: (
              <Link to="/privacy" className="font-semibold text-primary-strong underline">
                {t("Privacy Policy")}
              </Link>
            ),
          }}
        />
      </p>
      <remove.Form method="post" className="mt-4 grid gap-2">
        <input type="hidden" name="intent" value="delete-account" />
        <label htmlFor={inputId} className="font-semibold text-sm">
          {confirmation.kind === "username"
            ? t("Type your username {value} to confirm", { value: confirmation.value })
            : t("Type your e-mail address {value} to confirm", { value: confirmation.value })}
        </label>
        <input
          id={inputId}
          name="confirm"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? `${inputId}-error` : undefined}
          className="min-h-11 rounded-lg border border-border bg-background px-3"
        />
        {refused ? (
          <p id={`${inputId}-error`} role="alert" className="text-closed text-sm">
            {t(refused)}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={!matches || remove.state !== "idle"}
          className="inline-flex min-h-11 items-center justify-center gap-2 justify-self-start rounded-full border-2 border-closed px-5 font-semibold text-closed disabled:opacity-60"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {remove.state !== "idle" ? t("Deleting...") : t("Delete my account")}
        </button>
      </remove.Form>
    </TitledSection>
  );
}
