import { Ban, type LucideIcon, VolumeX } from "lucide-react";
import { type ComponentProps, useRef } from "react";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useT } from "~/components/use-t";
import { ConfirmDialog } from "./confirm-dialog";
import { useSignInGate } from "./sign-in-gate";

// Block and mute from a post's menu or a profile (ADR 048). Both post to Settings > Community's action, the page
// that lists them; blocking asks first, the rest is one click and can be undone there.

/** Where block and mute post: /settings/community's action, with `intent` and `username`. */
export const KEEP_AWAY_ACTION = "/settings/community";
export const KEEP_AWAY_INTENTS = { block: "block", mute: "mute" } as const;

/** The form a block or mute posts: the person and the state wanted. */
export const keepAwayForm = (intent: keyof typeof KEEP_AWAY_INTENTS, username: string, on: boolean) => ({
  intent,
  username,
  value: String(on),
});

/**
 * Mute / Unmute and Block / Unblock for one person: as a post menu's items (`look` "menu", in its list) or as
 * buttons beside Follow. Blocking opens a confirmation; `onDone` runs once the server agreed.
 */
export function BlockMuteActions({
  username,
  name,
  blocked,
  muted,
  look,
  onDone,
}: {
  username: string;
  name: string;
  blocked: boolean;
  muted: boolean;
  look: "menu" | "buttons";
  onDone?: () => void;
}) {
  const t = useT();
  const confirm = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const mayWrite = useSignInGate();
  const fetcher = useActionFetcher({ onSuccess: onDone });
  const send = (intent: keyof typeof KEEP_AWAY_INTENTS, on: boolean) =>
    fetcher.submit(keepAwayForm(intent, username, on), { method: "post", action: KEEP_AWAY_ACTION });
  const style =
    look === "menu"
      ? "flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm hover:bg-surface-muted"
      : "inline-flex min-h-9 items-center justify-center gap-1 rounded-full border border-border px-3 font-semibold text-sm hover:bg-surface-muted";
  const busy = fetcher.state !== "idle";
  const mute = (
    <KeepAwayButton
      icon={VolumeX}
      label={muted ? t("Unmute @{username}", { username }) : t("Mute @{username}", { username })}
      onClick={() => mayWrite() && send("mute", !muted)}
      disabled={busy}
      className={style}
    />
  );
  const block = (
    <KeepAwayButton
      ref={opener}
      icon={Ban}
      label={blocked ? t("Unblock @{username}", { username }) : t("Block @{username}", { username })}
      aria-haspopup={blocked ? undefined : "dialog"}
      onClick={() => {
        if (!mayWrite()) return;
        if (blocked) send("block", false);
        else confirm.current?.showModal();
      }}
      disabled={busy}
      className={`${style} ${blocked ? "" : "text-closed"}`}
    />
  );
  const modal = (
    <ConfirmDialog
      ref={confirm}
      title={t("Block {name}?", { name })}
      description={t(
        "Neither of you will see the other's posts, comments, reels, trails or profile, and your follows end. They are not told.",
      )}
      confirmLabel={t("Block")}
      pendingLabel={t("Blocking...")}
      pending={busy}
      onConfirm={() => {
        send("block", true);
        confirm.current?.close();
      }}
      onClose={() => opener.current?.focus()}
    />
  );
  // In a menu the dialog sits in the last item: a list holds only items.
  return look === "menu" ? (
    <>
      <li>{mute}</li>
      <li>
        {block}
        {modal}
      </li>
    </>
  ) : (
    <>
      {mute}
      {block}
      {modal}
    </>
  );
}

/** A mute or block button: its icon, then its label. */
function KeepAwayButton({
  icon: Icon,
  label,
  ...button
}: { icon: LucideIcon; label: string } & ComponentProps<"button">) {
  return (
    <button type="button" {...button}>
      <Icon aria-hidden="true" className="size-4" /> {label}
    </button>
  );
}
