import { Download } from "lucide-react";
import { TitledSection } from "~/components/layout/titled-section";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";

/** The files of the backup ZIP (app/models/account-data/export.server.ts), as the page lists them. */
const BACKUP_FILES = [
  ["profile.json", msg("your account and profile")],
  ["favourites.json", msg("saved stalls with your notes and ratings")],
  ["favourites.csv", msg("the same list for a spreadsheet")],
  ["favourites.geojson, .gpx, .kml", msg("the same list for maps and GPS apps")],
  ["stalls-added.json", msg("stalls you added")],
  ["reviews.json", msg("reviews you wrote")],
  ["trails.json", msg("your food trails with their stops")],
  ["posts.json", msg("posts you shared")],
  ["comments.json", msg("comments you wrote")],
  ["following.json", msg("the people you follow")],
] as const;

/** "Backup Data": a link that downloads the ZIP from the API, and what is inside it. */
export function DataBackup() {
  const t = useT();
  return (
    <TitledSection id="backup" title={t("Backup Data")} look="card">
      <p className="mt-1 text-ink-muted text-sm">{t("One ZIP file with everything your account holds:")}</p>
      <ul className="mt-2 grid gap-1 text-sm">
        {BACKUP_FILES.map(([file, what]) => (
          <li key={file}>
            <code className="font-semibold">{file}</code>: {t(what)}
          </li>
        ))}
      </ul>
      <a
        href="/api/profile/export"
        download
        className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-full bg-primary px-5 font-semibold text-primary-foreground"
      >
        <Download aria-hidden="true" className="size-4" /> {t("Download backup")}
      </a>
    </TitledSection>
  );
}
