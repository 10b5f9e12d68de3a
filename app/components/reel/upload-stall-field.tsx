import { MapPin, X } from "lucide-react";
import { useRef } from "react";
import { FieldError } from "~/components/form/field";
import { StallSearchField } from "~/components/stall/stall-search-field";
import { useT } from "~/components/use-t";

export interface PinnedStall {
  id: string;
  name: string;
}

/**
 * The stall a reel is about (required): the one it was opened for, or one found by a search here. `id` names the
 * field's wrapper, where focus finds the control when the field is refused.
 */
export function UploadStallField({
  id,
  pinned,
  error,
  onChange,
}: {
  id: string;
  pinned: PinnedStall | null;
  error: string | undefined;
  onChange: (stall: PinnedStall | null) => void;
}) {
  const t = useT();
  const errorId = `${id}-error`;
  const field = useRef<HTMLDivElement>(null);
  // Picking or unpinning removes the button that had focus: it goes to what replaced it, once React has drawn that.
  const focusNext = (control: "button" | "input") =>
    requestAnimationFrame(() => field.current?.querySelector<HTMLElement>(control)?.focus());
  return (
    <div id={id} ref={field}>
      {pinned ? (
        <>
          <p className="font-medium text-sm">{t("Stall")}</p>
          <p className="mt-1 flex items-center gap-2 rounded-xl bg-surface-muted px-3 py-2 text-sm">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary-strong" />
            <span className="min-w-0 flex-1 truncate">{t("Pinned to {name}", { name: pinned.name })}</span>
            <button
              type="button"
              onClick={() => {
                onChange(null);
                focusNext("input");
              }}
              aria-label={t("Unpin {name}", { name: pinned.name })}
              className="inline-flex size-8 items-center justify-center rounded-full hover:bg-surface"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </p>
        </>
      ) : (
        <StallSearchField
          label={t("Stall this reel is about (required)")}
          limit={5}
          pick={({ id: stallId, name, location }) => ({ id: stallId, name, location })}
        >
          {(results, clear) => (
            <ul
              aria-label={t("Search results")}
              className="mt-1 divide-y divide-border rounded-lg border border-border"
            >
              {results.map((stall) => (
                <li key={stall.id}>
                  <button
                    type="button"
                    onClick={() => {
                      onChange({ id: stall.id, name: stall.name });
                      clear();
                      focusNext("button");
                    }}
                    className="block w-full px-3 py-2 text-left hover:bg-surface-muted"
                  >
                    <span className="block font-semibold text-sm">{stall.name}</span>
                    <span className="line-clamp-1 text-ink-muted text-xs">{stall.location}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </StallSearchField>
      )}
      <FieldError id={errorId} errors={error ? [error] : undefined} />
    </div>
  );
}
