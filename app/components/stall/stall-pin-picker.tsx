import { MapPin, X } from "lucide-react";
import { StallSearchField } from "~/components/stall/stall-search-field";
import { useT } from "~/components/use-t";

export interface PinnedStall {
  id: string;
  name: string;
}

/**
 * The stall something is pinned to (a post's, a reel's): the pinned one with its Unpin button, or a search for one
 * under `label`. `heading` names the pinned stall where the search's label no longer shows; with `name`, the form
 * posts the pinned stall's id under it.
 */
export function StallPinPicker({
  pinned,
  onChange,
  label,
  heading,
  name,
}: {
  pinned: PinnedStall | null;
  onChange: (stall: PinnedStall | null) => void;
  label: string;
  heading?: string;
  name?: string;
}) {
  const t = useT();
  if (pinned)
    return (
      <>
        {heading ? <p className="font-medium text-sm">{heading}</p> : null}
        <p
          className={`${heading ? "mt-1 " : ""}flex items-center gap-2 rounded-xl bg-surface-muted px-3 py-2 text-sm`}
        >
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary-strong" />
          <span className="min-w-0 flex-1 truncate">{t("Pinned to {name}", { name: pinned.name })}</span>
          {name ? <input type="hidden" name={name} value={pinned.id} /> : null}
          <button
            type="button"
            onClick={() => onChange(null)}
            aria-label={t("Unpin {name}", { name: pinned.name })}
            className="inline-flex size-8 items-center justify-center rounded-full hover:bg-surface"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </p>
      </>
    );
  return (
    <StallSearchField label={label} limit={5} pick={({ id, name, location }) => ({ id, name, location })}>
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
  );
}
