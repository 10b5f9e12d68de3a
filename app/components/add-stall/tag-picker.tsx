import { Plus, X } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { FieldError, type ListField } from "~/components/form/field";
import { useT } from "~/components/use-t";
import { CUISINE_TAGS } from "~/lib/rules/options";
import { addCustomTag, MAX_TAG_LENGTH, MAX_TAGS, TOO_MANY_TAGS } from "~/lib/schemas/stall-form-fields";

/** The Tags section: toggle popular ones, add custom ones (trimmed, not empty, not already selected), remove any. */
export function TagPicker({
  name,
  tags,
  onChange,
  errorId,
  errors,
}: ListField & {
  tags: string[];
  onChange: (tags: string[]) => void;
}) {
  const id = useId();
  const [custom, setCustom] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const t = useT();
  const selected = (tag: string) => tags.some((other) => other.toLowerCase() === tag.toLowerCase());

  function toggle(tag: string) {
    setProblem(null);
    if (selected(tag)) onChange(tags.filter((other) => other.toLowerCase() !== tag.toLowerCase()));
    else if (tags.length >= MAX_TAGS) setProblem(TOO_MANY_TAGS);
    else onChange([...tags, tag]);
  }

  function addCustom() {
    const result = addCustomTag(tags, custom);
    if (!result.ok) {
      setProblem(result.error);
      return;
    }
    setProblem(null);
    setCustom("");
    onChange(result.tags);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    event.preventDefault(); // Enter adds the tag; it never submits the stall
    addCustom();
  }

  const customTags = tags.filter(
    (tag) => !CUISINE_TAGS.some((popular) => popular.toLowerCase() === tag.toLowerCase()),
  );
  return (
    <div>
      <p className="text-ink-muted text-sm">{t("Popular tags")}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {CUISINE_TAGS.map((tag) => {
          const on = selected(tag);
          return (
            <button
              key={tag}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(tag)}
              className={`min-h-9 rounded-full border px-3 py-1.5 text-sm ${
                on ? "border-primary bg-primary text-primary-foreground" : "border-border bg-surface"
              }`}
            >
              {t(tag)}
            </button>
          );
        })}
      </div>
      <label htmlFor={`${id}-custom`} className="mt-4 block font-medium text-sm">
        {t("Add your own tag")}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-custom`}
          type="text"
          value={custom}
          onChange={(event) => setCustom(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={MAX_TAG_LENGTH + 10}
          placeholder={t("e.g. Rooftop seating")}
          aria-describedby={`${id}-problem`}
          className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-border bg-surface px-3 py-2"
        />
        <button
          type="button"
          onClick={addCustom}
          className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg border border-border bg-surface px-4 font-semibold text-primary-strong"
        >
          <Plus aria-hidden="true" className="size-4" />
          {t("Add")}
        </button>
      </div>
      <p id={`${id}-problem`} role="alert" className="mt-1 text-closed text-sm">
        {problem ? t(problem) : null}
      </p>
      {customTags.length > 0 ? (
        <ul aria-label={t("Your tags")} className="mt-2 flex flex-wrap gap-2">
          {customTags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full border border-primary bg-surface-muted py-1 pr-1 pl-3 text-sm"
            >
              {tag}
              <button
                type="button"
                onClick={() => onChange(tags.filter((other) => other !== tag))}
                aria-label={t("Remove tag {tag}", { tag })}
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-surface"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-2 text-ink-muted text-sm">
        {t("{count} of {max} tags selected", { count: tags.length, max: MAX_TAGS })}
      </p>
      {tags.map((tag, index) => (
        <input key={tag} type="hidden" name={`${name}[${index}]`} value={tag} />
      ))}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
