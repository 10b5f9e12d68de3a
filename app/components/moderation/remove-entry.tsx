import { Form, useNavigation } from "@remix-run/react";
import { Trash2 } from "lucide-react";

/**
 * The trash button of one entry of a moderator's word list (dish aliases, Hindi label names): it posts
 * intent=delete with the entry's id, which removeByIntent answers, and is disabled while that entry's removal runs.
 */
export function RemoveEntryButton({ id, label }: { id: number; label: string }) {
  const navigation = useNavigation();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        aria-label={label}
        disabled={navigation.state !== "idle" && navigation.formData?.get("id") === String(id)}
        className="grid size-8 place-items-center rounded-full text-ink-muted hover:bg-surface-muted disabled:opacity-60"
      >
        <Trash2 aria-hidden className="size-4" />
      </button>
    </Form>
  );
}
