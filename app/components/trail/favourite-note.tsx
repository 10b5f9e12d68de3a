import { Pencil } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { CharacterCount } from "~/components/form/field";
import { CancelButton } from "~/components/form/pill";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useT } from "~/components/use-t";
import { NOTE_MAX_LENGTH } from "~/lib/schemas/favourites-fields";

/**
 * The private note on a bookmark, with Edit / Save / Cancel: on My Food Trail's cards and on a bookmarked stall's
 * page. It posts to My Food Trail's action (intent "note"); a note saved offline waits in the write queue and shows
 * as saved until the page's data has it.
 */
export function FavouriteNote({
  stallId,
  stallName,
  note: savedNote,
  heading: Heading = "h3",
  className = "rounded-lg bg-surface-muted p-3",
}: {
  stallId: string;
  stallName: string;
  note: string | null;
  heading?: "h2" | "h3";
  className?: string;
}) {
  const fetcher = useActionFetcher();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(savedNote ?? "");
  // What the last Save sent, shown while it waits in the queue: the page's data is not reloaded offline.
  const sent = useRef<string | null>(null);
  const [queued, setQueued] = useState<{ note: string | null } | null>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.queued) setQueued({ note: sent.current });
  }, [answer]);
  // Once the page's data changes, it is the truth again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the loader's note changes, by design.
  useEffect(() => setQueued(null), [savedNote]);
  const pendingNote = fetcher.formData?.get("note");
  const note =
    typeof pendingNote === "string" ? pendingNote.trim() || null : queued ? queued.note : savedNote;
  const failed = answer?.ok === false;
  useEffect(() => {
    if (failed) setEditing(true);
  }, [failed]);
  const fieldId = `note-${stallId}`;
  const t = useT();

  if (!editing) {
    return (
      <div className={className}>
        <div className="flex items-center justify-between gap-2">
          <Heading className={Heading === "h2" ? "font-bold text-xl" : "font-medium text-sm"}>
            {t("Personal note")}
          </Heading>
          <button
            type="button"
            onClick={() => {
              setText(note ?? "");
              setEditing(true);
            }}
            className="inline-flex items-center gap-1 font-semibold text-primary-strong text-sm underline"
          >
            <Pencil aria-hidden="true" className="size-3.5" /> {t("Edit")}
            <span className="sr-only"> {t("note for {name}", { name: stallName })}</span>
          </button>
        </div>
        <p className={`mt-1 whitespace-pre-line text-sm ${note ? "" : "text-ink-muted italic"}`}>
          {note ?? t("No notes yet. Click edit to add your thoughts!")}
        </p>
      </div>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action="/bookmarks"
      className={className}
      onSubmit={() => {
        sent.current = text.trim() || null;
        setEditing(false);
      }}
    >
      <input type="hidden" name="intent" value="note" />
      <input type="hidden" name="stallId" value={stallId} />
      <label htmlFor={fieldId} className="font-medium text-sm">
        {t("Personal note")}
      </label>
      <textarea
        id={fieldId}
        name="note"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={NOTE_MAX_LENGTH}
        rows={3}
        // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this note.
        autoFocus
        className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2"
      />
      <CharacterCount length={text.length} max={NOTE_MAX_LENGTH} />
      <div className="mt-2 flex gap-2">
        <button
          type="submit"
          className="rounded-full bg-primary px-4 py-1.5 font-semibold text-primary-foreground text-sm"
        >
          {t("Save")}
        </button>
        <CancelButton onClick={() => setEditing(false)} size="sm" />
      </div>
    </fetcher.Form>
  );
}
