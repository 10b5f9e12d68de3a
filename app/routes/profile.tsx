import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  Form,
  Link,
  type MetaFunction,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { Award, LogOut, MapPin, Pencil } from "lucide-react";
import { ResendConfirmation } from "~/components/confirm-email-notice";
import { StatTiles } from "~/components/layout/stat-tiles";
import { CompactStallCard } from "~/components/stall/compact-stall-card";
import { OpenBadge } from "~/components/stall/open-badge";
import { Tag } from "~/components/stall/stall-card";
import { SavedStalls } from "~/components/trail/saved-stalls";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { UserAvatar } from "~/components/user-avatar";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { msg } from "~/lib/i18n/translate";
import { achievements } from "~/lib/rules/profile-display";
import { formatMonth } from "~/lib/rules/time-format";
import { listFavourites } from "~/models/favourite.server";
import { getProfile } from "~/models/profile.server";
import { countReviewsBy } from "~/models/review.server";
import { listStallsByCreator } from "~/models/stall/read.server";
import { requireUser } from "~/request/guards.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(t("Your profile")) }];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const { db } = context;
  const [profile, stalls, saved, reviews] = await Promise.all([
    getProfile(db, viewer.id),
    listStallsByCreator(db, viewer.id),
    listFavourites(db, viewer.id),
    countReviewsBy(db, viewer.id),
  ]);
  if (!profile) throw new Response("Profile not found", { status: 404 });
  // Only stalls that went live count as added; the ones a moderator has not decided yet are shown apart.
  const approved = stalls.filter((s) => s.status === "approved").length;
  const waiting = stalls.filter((s) => s.status === "pending").length;
  return {
    profile,
    stalls,
    saved,
    stats: { stallsAdded: approved, waiting, reviews, followers: 0, following: 0 },
    badges: achievements({ stallsApproved: approved, emailVerified: profile.email_verified }),
  };
}

/** The profile's one-line reminder; contributing pages explain at length (ConfirmEmailNotice). */
function ConfirmEmailReminder() {
  const t = useT();
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2 rounded-lg bg-amber-100 px-3 py-2 text-amber-950 text-sm">
      <p className="flex-1">
        {t(
          "Confirm your e-mail address to add stalls, write reviews and send reports: the link is in your inbox.",
        )}
      </p>
      <ResendConfirmation
        buttonClassName="font-semibold underline disabled:opacity-60"
        statusClassName="w-full empty:hidden"
      />
    </div>
  );
}

const STATUS_TEXT = {
  pending: msg("Waiting for review"),
  approved: msg("Live"),
  rejected: msg("Not approved"),
} as const;

export default function ProfilePage() {
  const { profile, stalls, saved, stats, badges } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const tab = searchParams.get("tab") === "saved" ? "saved" : "stalls";
  const navigation = useNavigation();
  const signingOut = navigation.formAction === "/signout";
  const locale = useLocale();
  const t = useT();

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <header className="rounded-2xl border border-border bg-surface p-6">
        <div className="flex flex-wrap items-start gap-4">
          <UserAvatar name={profile.full_name} url={profile.avatar_url} className="size-20 text-2xl" />
          <div className="min-w-0 flex-1">
            <h1 className="font-bold text-2xl">{profile.full_name}</h1>
            {profile.username ? <p className="text-ink-muted">@{profile.username}</p> : null}
            {profile.location ? (
              <p className="mt-1 flex items-center gap-1 text-sm">
                <MapPin aria-hidden="true" className="size-4 text-primary" /> {profile.location}
              </p>
            ) : null}
            <p className="text-ink-muted text-sm">
              {t("Joined {date}", { date: formatMonth(profile.created_at, locale) })}
            </p>
          </div>
          <div className="flex gap-2">
            <Link
              to="/complete-profile"
              className="inline-flex items-center gap-1 rounded-full border border-border px-4 py-2 font-semibold text-sm"
            >
              <Pencil aria-hidden="true" className="size-4" /> {t("Edit profile")}
            </Link>
            <Form method="post" action="/signout">
              <button
                type="submit"
                disabled={signingOut}
                className="inline-flex items-center gap-1 rounded-full border border-closed px-4 py-2 font-semibold text-closed text-sm disabled:opacity-60"
              >
                <LogOut aria-hidden="true" className="size-4" />{" "}
                {signingOut ? t("Signing Out...") : t("Sign Out")}
              </button>
            </Form>
          </div>
        </div>
        {profile.bio ? <p className="mt-4 whitespace-pre-line">{profile.bio}</p> : null}
        {!profile.email_verified ? <ConfirmEmailReminder /> : null}
        <StatTiles
          stats={[
            [t("Stalls added"), stats.stallsAdded],
            [t("Reviews"), stats.reviews],
            [t("Followers"), stats.followers],
            [t("Following"), stats.following],
          ]}
          look="tiles"
          className="mt-6 grid grid-cols-4 gap-2 text-center"
        />
        {stats.waiting > 0 ? (
          <p className="mt-2 text-ink-muted text-sm">
            {t("{count} waiting for review", { count: stats.waiting })}
          </p>
        ) : null}
        <section aria-labelledby="achievements" className="mt-6">
          <h2 id="achievements" className="font-semibold">
            {t("Achievements")}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {badges.map((badge) => (
              <li
                key={badge.name}
                title={badge.description}
                className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 font-semibold text-amber-950 text-sm"
              >
                <Award aria-hidden="true" className="size-4" /> {badge.name}
              </li>
            ))}
          </ul>
        </section>
      </header>

      <nav aria-label={t("Profile sections")} className="mt-6 flex gap-1 border-border border-b">
        {(
          [
            ["stalls", msg("Stalls")],
            ["saved", msg("Saved")],
          ] as const
        ).map(([value, label]) => (
          <Link
            key={value}
            to={value === "stalls" ? "/profile" : "/profile?tab=saved"}
            aria-current={tab === value ? "page" : undefined}
            className={`-mb-px border-b-2 px-4 py-2 font-semibold text-sm ${
              tab === value ? "border-primary text-primary-strong" : "border-transparent text-ink-muted"
            }`}
          >
            {t(label)}
          </Link>
        ))}
      </nav>

      {tab === "stalls" ? (
        stalls.length === 0 ? (
          <div className="mt-6 text-center text-ink-muted">
            <p>{t("You have not added a stall yet.")}</p>
            <Link to="/add-stall" className="mt-2 inline-block font-semibold text-primary-strong underline">
              {t("Add a Stall")}
            </Link>
          </div>
        ) : (
          <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
            {stalls.map((stall) => (
              <CompactStallCard key={stall.id} stall={stall}>
                <p className="text-sm">
                  <span className="font-semibold">{t(STATUS_TEXT[stall.status])}</span>
                  {stall.status === "rejected" && stall.status_reason ? `: ${stall.status_reason}` : null}
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-1">
                  {stall.status === "approved" ? <OpenBadge state={stall.open_state} /> : null}
                  {stall.tags.slice(0, 3).map((tag) => (
                    <Tag key={tag}>{tag}</Tag>
                  ))}
                  {stall.tags.length > 3 ? <Tag>{`+${stall.tags.length - 3}`}</Tag> : null}
                </p>
              </CompactStallCard>
            ))}
          </ul>
        )
      ) : (
        <SavedStalls saved={saved} />
      )}
    </div>
  );
}
