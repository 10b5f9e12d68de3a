import { Ban, VolumeX } from "lucide-react";
import { useRef } from "react";
import { PendingButton } from "~/components/form/pending-button";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useT } from "~/components/use-t";
import { Modal } from "./modal";
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
  const mute = (
    <button
      type="button"
      onClick={() => mayWrite() && send("mute", !muted)}
      disabled={fetcher.state !== "idle"}
      className={style}
    >
      <VolumeX aria-hidden="true" className="size-4" />{" "}
      {muted ? t("Unmute @{username}", { username }) : t("Mute @{username}", { username })}
    </button>
  );
  const block = (
    <button
      ref={opener}
      type="button"
      aria-haspopup={blocked ? undefined : "dialog"}
      onClick={() => {
        if (!mayWrite()) return;
        if (blocked) send("block", false);
        else confirm.current?.showModal();
      }}
      disabled={fetcher.state !== "idle"}
      className={`${style} ${blocked ? "" : "text-closed"}`}
    >
      <Ban aria-hidden="true" className="size-4" />{" "}
      {blocked ? t("Unblock @{username}", { username }) : t("Block @{username}", { username })}
    </button>
  );
  const modal = (
    <Modal
      ref={confirm}
      title={t("Block {name}?", { name })}
      description={t(
        "Neither of you will see the other's posts, comments, reels, trails or profile, and your follows end. They are not told.",
      )}
      onClose={() => opener.current?.focus()}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={() => confirm.current?.close()}
          className="min-h-11 rounded-full border border-border px-5 font-semibold"
        >
          {t("Cancel")}
        </button>
        <PendingButton
          pending={fetcher.state !== "idle"}
          pendingLabel={t("Blocking...")}
          onClick={() => {
            send("block", true);
            confirm.current?.close();
          }}
          className="min-h-11 rounded-full bg-closed px-5 font-semibold text-white disabled:opacity-60"
        >
          {t("Block")}
        </PendingButton>
      </div>
    </Modal>
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
