import { Link } from "@remix-run/react";
import { MapPin, Phone } from "lucide-react";
import { lazy } from "react";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { ClientMap } from "~/components/map/client-map";
import { HoursTable } from "~/components/stall/hours-table";
import { Tag } from "~/components/stall/stall-card";
import { StallImage } from "~/components/stall/stall-image";
import { useT } from "~/components/use-t";
import { MARKER_COLOURS } from "~/lib/rules/markers";
import type { PendingStall } from "~/models/moderation.server";
import { ApproveOrReject } from "./approve-or-reject";
import { SubmittedBy } from "./queue-item";

const StallMap = lazy(() => import("~/components/map/stall-map.client"));

export function PendingStallCard({ stall }: { stall: PendingStall }) {
  const fetcher = useActionFetcher();
  const headingId = `pending-${stall.id}`;
  const t = useT();

  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-border bg-surface p-4 md:p-5">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-bold text-lg">
          <Link to={`/stall/${stall.id}`} className="hover:underline">
            {stall.name}
          </Link>
        </h3>
        <p className="text-ink-muted text-sm">
          <SubmittedBy when={stall.created_at} submitter={stall.submitter} />
        </p>
      </header>

      {stall.images.length > 0 ? (
        <ul aria-label={t("Photos")} className="mt-3 flex gap-2 overflow-x-auto">
          {stall.images.map((image, index) => (
            <li key={image} className="shrink-0">
              <a href={image} target="_blank" rel="noreferrer">
                <StallImage
                  src={image}
                  alt={t("{name}, photo {number} of {total}", {
                    name: stall.name,
                    number: index + 1,
                    total: stall.images.length,
                  })}
                  className="h-24 w-32 rounded-lg object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-ink-muted text-sm">{t("No photos.")}</p>
      )}

      <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="font-semibold">{t("Description")}</dt>
            <dd className="whitespace-pre-line">{stall.description || t("None given")}</dd>
          </div>
          <div>
            <dt className="font-semibold">{t("Address")}</dt>
            <dd className="flex items-start gap-1">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>
                {stall.location || t("None given")}{" "}
                <span className="text-ink-muted">
                  ({stall.latitude.toFixed(6)}, {stall.longitude.toFixed(6)})
                </span>
              </span>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">{t("Contact")}</dt>
            <dd className="flex items-center gap-1">
              <Phone aria-hidden="true" className="size-4 text-primary" />
              {stall.contact_number ?? t("None given")}
            </dd>
          </div>
          <div>
            <dt className="font-semibold">{t("Category and tags")}</dt>
            <dd className="mt-1 flex flex-wrap gap-1">
              {[stall.category, ...stall.tags, ...stall.discovery_tags].map((tag) => (
                <Tag key={tag}>{tag}</Tag>
              ))}
            </dd>
          </div>
        </dl>
        <ClientMap height={256}>
          <StallMap
            lat={stall.latitude}
            lng={stall.longitude}
            name={stall.name}
            colour={MARKER_COLOURS.open}
          />
        </ClientMap>
      </div>

      <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
        <div>
          <h4 className="font-semibold text-sm">{t("Hours")}</h4>
          {stall.hours ? (
            <HoursTable
              days={stall.hours}
              caption={t("Weekly schedule of {name}", { name: stall.name })}
              className="mt-1 w-full text-sm"
            />
          ) : (
            <p className="text-ink-muted text-sm">{t("Hours not available")}</p>
          )}
        </div>
        <div>
          <h4 className="font-semibold text-sm">{t("Menu")}</h4>
          {stall.menu.length > 0 ? (
            <ul className="mt-1 divide-y divide-border text-sm">
              {stall.menu.map((item) => (
                <li key={item.item} className="flex justify-between gap-3 py-1">
                  <span>
                    {item.item}
                    {item.description ? (
                      <span className="block text-ink-muted">{item.description}</span>
                    ) : null}
                  </span>
                  {item.price !== null ? <span className="shrink-0">₹{item.price}</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-ink-muted text-sm">{t("No menu.")}</p>
          )}
        </div>
      </div>

      <div className="mt-4 rounded-xl bg-surface-muted p-3 text-sm">
        <h4 className="font-semibold">{t("Look-alike stalls within 100 m")}</h4>
        {stall.look_alikes.length === 0 ? (
          <p className="text-ink-muted">{t("None found.")}</p>
        ) : (
          <ul className="mt-1 space-y-1">
            {stall.look_alikes.map((alike) => (
              <li key={alike.id}>
                <Link to={`/stall/${alike.id}`} className="font-semibold text-primary-strong underline">
                  {alike.name}
                </Link>{" "}
                <span className="text-ink-muted">{lookAlikeNote(alike, t)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <ApproveOrReject
        fetcher={fetcher}
        kind="stall"
        id={stall.id}
        formId={`reject-${stall.id}`}
        reasonLabel={t("Reason for rejection (shown to the submitter)")}
        subject={stall.name}
      />
    </article>
  );
}

/** Whether a look-alike is live or also waiting, and how far it is when its place is known. */
function lookAlikeNote(alike: PendingStall["look_alikes"][number], t: ReturnType<typeof useT>): string {
  const live = alike.status === "approved";
  if (alike.distance === null) return live ? t("(live)") : t("(also pending)");
  const metres = Math.round(alike.distance * 1000);
  return live ? t("(live, {metres} m away)", { metres }) : t("(also pending, {metres} m away)", { metres });
}
