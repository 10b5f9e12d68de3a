import { Form, Link, useRouteLoaderData } from "@remix-run/react";
import { Bookmark, Download, Flag, GitFork, Navigation, Pencil, Share2, Trash2 } from "lucide-react";
import { useState } from "react";
import { FormDialog } from "~/components/community/form-dialog";
import { lazyForm } from "~/components/form/lazy-form";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { ShareButton } from "~/components/share-button";
import { SignInLink } from "~/components/sign-in-link";
import { useT } from "~/components/use-t";
import type { LatLng } from "~/lib/rules/geo";
import type { TrailReportFormProps } from "./trail-report-form";
import { walkingDirectionLinks } from "./walking-directions";

// The report form (conform, zod and its schema) downloads when someone first opens the dialog.
const reportForm = lazyForm<TrailReportFormProps>(() =>
  import("./trail-report-form").then((module) => module.TrailReportForm),
);

const BUTTON =
  "inline-flex items-center gap-2 rounded-full border border-border px-4 py-2 font-semibold text-sm hover:border-primary";

/** Save (a toggle), Share, Fork, Edit and Delete for the author, and Report on someone else's community trail. */
export function TrailActions({
  trailId,
  title,
  stopNames,
  saved,
  saves,
  editable,
  reportable,
}: {
  trailId: string;
  title: string;
  stopNames: string[];
  saved: boolean;
  saves: number;
  editable: boolean;
  reportable: boolean;
}) {
  const t = useT();
  const signedIn = Boolean(useRouteLoaderData<{ viewer: unknown }>("root")?.viewer);
  const save = useActionFetcher({ toastId: "trail-save" });
  const pending = save.formData?.get("saved");
  const shownSaved = pending === undefined || pending === null ? saved : pending === "true";
  const shownSaves = saves + (shownSaved === saved ? 0 : shownSaved ? 1 : -1);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const here = `/food-trails/${trailId}`;

  return (
    <div className="flex flex-wrap gap-2">
      {signedIn ? (
        <save.Form method="post">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="saved" value={String(!shownSaved)} />
          <button type="submit" aria-pressed={shownSaved} className={BUTTON}>
            <Bookmark
              aria-hidden="true"
              className={`size-4 ${shownSaved ? "fill-current text-primary" : ""}`}
            />
            {shownSaved ? t("Saved") : t("Save")}
            <span className="text-ink-muted">({shownSaves})</span>
          </button>
        </save.Form>
      ) : (
        <SignInLink back={here} className={BUTTON}>
          <Bookmark aria-hidden="true" className="size-4" /> {t("Sign in to save")}
        </SignInLink>
      )}
      <ShareButton
        path={here}
        title={title}
        text={t("{title}: {stops}", { title, stops: stopNames.join(", ") })}
        className={BUTTON}
      >
        <Share2 aria-hidden="true" className="size-4" /> {t("Share")}
      </ShareButton>
      {signedIn ? (
        <Form method="post">
          <input type="hidden" name="intent" value="fork" />
          <button type="submit" className={BUTTON}>
            <GitFork aria-hidden="true" className="size-4" /> {t("Fork")}
            <span className="sr-only"> {t("(copy into my trails to edit)")}</span>
          </button>
        </Form>
      ) : null}
      {editable ? (
        <>
          <Link to={`${here}/edit`} className={BUTTON}>
            <Pencil aria-hidden="true" className="size-4" /> {t("Edit")}
          </Link>
          {confirmDelete ? (
            <Form method="post" className="flex flex-wrap items-center gap-2" role="group">
              <input type="hidden" name="intent" value="delete" />
              <span className="font-semibold text-sm">{t("Delete this trail for good?")}</span>
              <button
                type="submit"
                className="rounded-full bg-red-700 px-4 py-2 font-semibold text-sm text-white"
              >
                {t("Yes, delete")}
              </button>
              <button type="button" onClick={() => setConfirmDelete(false)} className={BUTTON}>
                {t("Cancel")}
              </button>
            </Form>
          ) : (
            <button
              type="button"
              onClick={() => setConfirmDelete(true)}
              className={`${BUTTON} border-closed text-closed`}
            >
              <Trash2 aria-hidden="true" className="size-4" /> {t("Delete")}
            </button>
          )}
        </>
      ) : null}
      {reportable ? (
        <FormDialog
          title={t("Report this trail")}
          description={t('Tell the moderators what is wrong with "{title}".', { title })}
          button={
            <>
              <Flag aria-hidden="true" className="size-4" /> {t("Report")}
            </>
          }
          className={BUTTON}
          preload={reportForm.preload}
        >
          {(close) => <reportForm.Form trailId={trailId} onSent={close} />}
        </FormDialog>
      ) : null}
    </div>
  );
}

/** 'Start walking': the walking directions of an external maps service, one link per leg of a long trail. */
export function StartWalking({ stops }: { stops: LatLng[] }) {
  const t = useT();
  const links = walkingDirectionLinks(stops);
  if (links.length === 0) return null;
  const className =
    "inline-flex items-center gap-2 rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground";
  if (links.length === 1) {
    return (
      <a href={links[0]} target="_blank" rel="noopener noreferrer" className={className}>
        <Navigation aria-hidden="true" className="size-4" /> {t("Start walking")}
        <span className="sr-only">{t("(opens in a new tab)")}</span>
      </a>
    );
  }
  return (
    <div>
      <p className="flex items-center gap-2 font-semibold">
        <Navigation aria-hidden="true" className="size-4 text-primary" /> {t("Start walking")}
      </p>
      <p className="text-ink-muted text-xs">
        {t("Maps apps take a few stops at a time, so the walk opens in legs.")}
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {links.map((link, index) => (
          <li key={link}>
            <a href={link} target="_blank" rel="noopener noreferrer" className={className}>
              {t("Leg {number} of {total}", { number: index + 1, total: links.length })}
              <span className="sr-only">{t("(opens in a new tab)")}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

const EXPORTS = [
  { format: "gpx", label: "GPX" },
  { format: "kml", label: "KML" },
  { format: "geojson", label: "GeoJSON" },
] as const;

/** Downloads of the trail for other map apps and GPS devices. */
export function TrailExports({ trailId }: { trailId: string }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="font-medium text-sm">{t("Export")}</span>
      {EXPORTS.map(({ format, label }) => (
        <a
          key={format}
          href={`/api/trails/${trailId}.${format}`}
          download
          className="inline-flex items-center gap-1 rounded-full border border-border px-3 py-1 font-semibold text-sm hover:border-primary"
        >
          <Download aria-hidden="true" className="size-4" /> {label}
        </a>
      ))}
    </div>
  );
}
