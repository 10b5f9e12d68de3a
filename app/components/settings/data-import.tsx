import { Upload } from "lucide-react";
import { useId } from "react";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { TitledSection } from "~/components/layout/titled-section";
import { useT } from "~/components/use-t";
import type { ActionAnswer } from "~/lib/http/action-answer";
import type { ImportMatch, ImportPreview } from "~/models/account-data/account-data.server";

type PreviewAnswer = ActionAnswer & { preview?: ImportPreview };

/**
 * "Import": a Google Maps Takeout saved-places file or a Nukkad backup, matched to stalls and shown before anything
 * is saved; only the ticked matches are bookmarked.
 */
export function DataImport() {
  const t = useT();
  const fileId = useId();
  const upload = useActionFetcher<PreviewAnswer>({ inline: true });
  const answer = upload.state === "idle" ? upload.data : undefined;
  return (
    <TitledSection id="import-title" anchor="import" title={t("Import")} look="card">
      <p className="mt-1 text-ink-muted text-sm">
        {t(
          "Bring in places you saved in Google Maps (Takeout's Saved places GeoJSON or a saved list's CSV) or a Nukkad backup. Each place is matched to a stall within 75 m with a similar name, and you choose what to save. CSV lists hold no coordinates, so their places are matched by name only: check those.",
        )}
      </p>
      <upload.Form
        method="post"
        encType="multipart/form-data"
        className="mt-3 flex flex-wrap items-end gap-3"
      >
        <div className="grid gap-1">
          <label htmlFor={fileId} className="font-semibold text-sm">
            {t("File to import (up to 2 MB)")}
          </label>
          <input
            id={fileId}
            name="file"
            type="file"
            required
            accept=".json,.geojson,.csv,.zip,application/json,application/geo+json,text/csv,application/zip"
            aria-describedby={answer && !answer.ok ? `${fileId}-error` : undefined}
            className="text-sm file:mr-3 file:min-h-11 file:rounded-full file:border file:border-border file:bg-surface file:px-4 file:font-semibold"
          />
        </div>
        <button
          type="submit"
          disabled={upload.state !== "idle"}
          className="inline-flex min-h-11 items-center gap-2 rounded-full border border-primary px-5 font-semibold text-primary-strong disabled:opacity-60"
        >
          <Upload aria-hidden="true" className="size-4" />
          {upload.state !== "idle" ? t("Matching places...") : t("Preview import")}
        </button>
      </upload.Form>
      {answer && !answer.ok && answer.message ? (
        <p id={`${fileId}-error`} role="alert" className="mt-2 text-closed text-sm">
          {t(answer.message)}
        </p>
      ) : null}
      {answer?.preview ? (
        // A new preview starts from its own ticks, not the ones left on the rows of the one before.
        <ImportPreviewList key={previewKey(answer.preview)} preview={answer.preview} />
      ) : null}
    </TitledSection>
  );
}

const previewKey = (preview: ImportPreview) =>
  [...preview.matched.map((match) => `${match.name}>${match.stall.id}`), preview.unmatched.length].join("|");

function ImportPreviewList({ preview }: { preview: ImportPreview }) {
  const t = useT();
  const confirm = useActionFetcher();
  return (
    <div className="mt-4">
      <p role="status" className="font-semibold">
        {t("{matched} matched, {unmatched} not matched. Nothing is saved until you confirm.", {
          matched: preview.matched.length,
          unmatched: preview.unmatched.length,
        })}
      </p>
      {preview.matched.length > 0 ? (
        <confirm.Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="confirm-import" />
          <fieldset>
            <legend className="font-semibold text-sm">{t("Matched: tick the stalls to save")}</legend>
            <ul className="mt-2 grid gap-2">
              {preview.matched.map((match, index) => (
                // A file may name one place twice: its position in the file tells the rows apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <MatchRow key={index} match={match} index={index} />
              ))}
            </ul>
          </fieldset>
          <button
            type="submit"
            disabled={confirm.state !== "idle"}
            className="mt-3 min-h-11 rounded-full bg-primary px-5 font-semibold text-primary-foreground disabled:opacity-60"
          >
            {confirm.state !== "idle" ? t("Saving...") : t("Save the ticked stalls")}
          </button>
        </confirm.Form>
      ) : null}
      {preview.unmatched.length > 0 ? (
        <div className="mt-4">
          <h3 className="font-semibold text-sm">{t("Not matched")}</h3>
          <ul className="mt-2 grid gap-1 text-sm">
            {preview.unmatched.map((place, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a file may name one place twice
              <li key={index} className="rounded-lg bg-surface-muted px-3 py-2">
                <span className="font-semibold">{place.name}</span>
                {place.address ? <span className="text-ink-muted">, {place.address}</span> : null}
                <span className="block text-ink-muted">
                  {place.located
                    ? t("No stall with a similar name within 75 m")
                    : t("No stall with a similar name")}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function MatchRow({ match, index }: { match: ImportMatch; index: number }) {
  const t = useT();
  const id = `import-match-${index}`;
  return (
    <li className="flex items-start gap-3 rounded-lg bg-surface-muted px-3 py-2 text-sm">
      <input
        id={id}
        type="checkbox"
        name="stallId"
        value={match.stall.id}
        // Name-only matches wait for a tick: without a position they may be another stall of that name.
        defaultChecked={match.by === "position" && !match.saved}
        className="mt-1 size-5"
      />
      <label htmlFor={id} className="grid">
        <span className="font-semibold">{match.stall.name}</span>
        <span className="text-ink-muted">
          {t("Saved as {name}", { name: match.name })}
          {match.stall.location ? ` · ${match.stall.location}` : null}
        </span>
        <span className="text-ink-muted">
          {match.stall.distance_m === null
            ? t("Matched by name only")
            : t("{metres} m away", { metres: match.stall.distance_m })}
          {match.saved ? ` · ${t("Already in My Food Trail")}` : null}
        </span>
      </label>
    </li>
  );
}
