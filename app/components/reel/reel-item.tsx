import { Link, useRouteLoaderData } from "@remix-run/react";
import {
  Bookmark,
  ChevronsUp,
  Clock,
  Flag,
  Heart,
  MapPin,
  Play,
  Share2,
  UserCheck,
  UserPlus,
  Volume2,
  VolumeX,
} from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { preload as preloadResource } from "react-dom";
import { AuthorAvatar, AuthorName } from "~/components/community/author";
import { Modal } from "~/components/community/modal";
import { PostText } from "~/components/community/post-text";
import { useSignInGate } from "~/components/community/sign-in-gate";
import { ToggleButton } from "~/components/community/toggle-button";
import { useFollow, useLikeAndSave } from "~/components/community/use-community-write";
import { FormOpener } from "~/components/form/form-opener";
import { lazyForm } from "~/components/form/lazy-form";
import { LoadingForm } from "~/components/form/loading-form";
import { useFormatDistance } from "~/components/settings/preferences-display";
import { ShareButton } from "~/components/share-button";
import { OpenBadge } from "~/components/stall/open-badge";
import { useT } from "~/components/use-t";
import type { ReelView } from "~/lib/schemas/reels";
import { REEL_ACTION, reelPath } from "./reel-actions";
import type { ReelReportFormProps } from "./reel-report-form";

// The report form (conform, zod and its schema) downloads when someone first opens a report dialog.
const reportForm = lazyForm<ReelReportFormProps>(() =>
  import("./reel-report-form").then((module) => module.ReelReportForm),
);

/** A caption longer than this starts folded to three lines, with a button to read all of it. */
const LONG_CAPTION = 120;

export interface ReelItemProps {
  reel: ReelView;
  index: number;
  /** It should be playing now (in view, and autoplay or the viewer's tap says so); null while autoplay is undecided
   * (hydration before the browser's settings are read): the element is left as the server's HTML started it. */
  shouldPlay: boolean | null;
  /** Playback is on its way (or was asked for): no play button while it starts. */
  expectPlay: boolean;
  muted: boolean;
  preload: "auto" | "metadata" | "none";
  /** The feed's first reel: the server's HTML starts it (autoplay) and its poster comes with the page. With `guard`
   * (the server could not know the motion setting) a script right after the element stops it under reduced motion
   * or a data saver before it fetches a byte. */
  first?: { autoplay: boolean; guard: boolean };
  /** Its poster may be downloaded (the reels up to the one after the furthest seen). */
  showPoster: boolean;
  /** 'Swipe up for more reels' on the first reel. */
  hint: boolean;
  /** Whether the reader follows the author, as the feed knows it now (a follow on another reel included). */
  following: boolean;
  onFollowChange: (username: string, following: boolean) => void;
  onTogglePlay: (index: number) => void;
  onToggleMute: () => void;
  /** The browser refused to start it (autoplay blocked): the play button shows instead. */
  onBlocked: (index: number) => void;
  register: (index: number, element: HTMLElement | null) => void;
  /** Its place in the feed, and the feed's length (-1 while more can be read), for the feed role. */
  position: number;
  setSize: number;
  /** Drawn now (near the reels seen), or an empty frame of a reel's height, named by its author, until then. */
  drawn: boolean;
}

/**
 * One reel filling the feed's screen. A reel far ahead of those seen is its frame alone: the snap point, the place
 * the keys move focus to and its author's name, so a phone hydrates the few reels near the viewer instead of a page of
 * them.
 */
export function ReelItem({ reel, index, register, position, setSize, drawn, ...shown }: ReelItemProps) {
  const headingId = `reel-${reel.id}-author`;
  return (
    <article
      ref={(element) => register(index, element)}
      data-index={index}
      tabIndex={-1}
      aria-labelledby={headingId}
      aria-posinset={position}
      aria-setsize={setSize}
      className="relative h-(--reel-height) w-full snap-start snap-always overflow-hidden bg-black text-white outline-none [content-visibility:auto]"
    >
      {drawn ? (
        <DrawnReel reel={reel} index={index} headingId={headingId} {...shown} />
      ) : (
        <h2 id={headingId} className="sr-only">
          {reel.author.name}
        </h2>
      )}
    </article>
  );
}

type DrawnReelProps = Omit<ReelItemProps, "register" | "position" | "setSize" | "drawn"> & {
  headingId: string;
};

/**
 * A reel as it shows: the video (muted, looping, inline), a surface to tap to pause or play, and over it the author
 * with Follow, the caption, the stall, and like, save, share, report and sound. Like, save and follow show at once
 * and go back with a toast if refused.
 */
function DrawnReel({
  reel,
  index,
  shouldPlay,
  expectPlay,
  muted,
  preload,
  first,
  showPoster,
  hint,
  following,
  onFollowChange,
  onTogglePlay,
  onToggleMute,
  onBlocked,
  headingId,
}: DrawnReelProps) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [captionOpen, setCaptionOpen] = useState(false);
  const poster = showPoster ? reel.poster_url : undefined;
  // The first reel's poster is the page's largest picture: fetched with the page, ahead of its scripts.
  if (first && poster) preloadResource(poster, { as: "image", fetchPriority: "high" });

  // The server's first reel may have started before hydration, its 'play' event gone unheard: read the element.
  useEffect(() => {
    if (video.current && !video.current.paused) setPlaying(true);
  }, []);

  // React sets `muted` as a property, and not at all on hydration: the element is told itself.
  useEffect(() => {
    if (video.current) video.current.muted = muted;
  }, [muted]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: onBlocked is the feed's, stable in what it does.
  useEffect(() => {
    const element = video.current;
    if (!element || shouldPlay === null) return;
    if (!shouldPlay) {
      element.pause();
      return;
    }
    element.muted = muted;
    element.play().catch((error: unknown) => {
      // A pause() before playback started rejects with AbortError: that is not a refusal.
      if ((error as { name?: string }).name === "NotAllowedError") onBlocked(index);
    });
  }, [shouldPlay]);

  const { like, save } = useLikeAndSave(reel, {
    action: REEL_ACTION,
    fields: { reelId: reel.id },
    toastId: (toggle) => `reel-${toggle}-${reel.id}`,
  });

  const { author, stall } = reel;
  const longCaption = reel.caption.length > LONG_CAPTION;
  const showPlayButton = !playing && !expectPlay;
  const side =
    "flex size-12 items-center justify-center rounded-full bg-black/50 text-white hover:bg-black/70 focus-visible:outline-2 focus-visible:outline-white";
  return (
    <>
      <video
        ref={video}
        src={reel.video_url}
        poster={poster}
        muted={muted}
        autoPlay={first?.autoplay}
        loop
        playsInline
        preload={preload}
        width={reel.width ?? undefined}
        height={reel.height ?? undefined}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        className="absolute inset-0 size-full object-cover"
      />
      {first?.guard ? <FirstReelGuard /> : null}
      {/* The whole reel is the pause/play button; its name says what a tap does now. */}
      <button
        type="button"
        aria-label={playing ? t("Pause") : t("Play")}
        onClick={() => onTogglePlay(index)}
        className="absolute inset-0 flex items-center justify-center focus-visible:outline-2 focus-visible:outline-white focus-visible:-outline-offset-4"
      >
        {showPlayButton ? (
          <span className="flex size-20 items-center justify-center rounded-full bg-black/60">
            <Play aria-hidden="true" className="size-10 translate-x-0.5 fill-current" />
          </span>
        ) : null}
      </button>

      {reel.status === "pending" ? (
        <p className="absolute top-3 left-3 flex items-center gap-1.5 rounded-full bg-amber-300 px-3 py-1 font-semibold text-amber-950 text-sm">
          <Clock aria-hidden="true" className="size-4" />
          {t("Waiting for review")}
        </p>
      ) : null}

      {hint ? (
        <p className="-translate-x-1/2 pointer-events-none absolute top-3 left-1/2 flex items-center gap-1.5 whitespace-nowrap rounded-full bg-black/60 px-3 py-1 font-semibold text-sm">
          <ChevronsUp aria-hidden="true" className="size-4 motion-safe:animate-bounce" />
          {t("Swipe up for more reels")}
        </p>
      ) : null}

      <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/50 to-transparent px-4 pt-16 pb-4 pr-20">
        <div className="pointer-events-auto flex items-center gap-2">
          <AuthorAvatar author={author} className="size-9 text-sm" />
          <h2 id={headingId} className="min-w-0 truncate font-semibold">
            <AuthorName author={author} />
          </h2>
          {!reel.mine && author.username ? (
            <ReelFollowButton
              username={author.username}
              name={author.name}
              following={following}
              onChange={onFollowChange}
            />
          ) : null}
        </div>
        {reel.caption ? (
          <div className="pointer-events-auto mt-2 text-sm">
            <div id={`reel-${reel.id}-caption`} className={longCaption && !captionOpen ? "line-clamp-3" : ""}>
              <PostText text={reel.caption} className="[&_a]:text-white [&_a]:underline" />
            </div>
            {longCaption ? (
              <button
                type="button"
                aria-expanded={captionOpen}
                aria-controls={`reel-${reel.id}-caption`}
                onClick={() => setCaptionOpen((open) => !open)}
                className="mt-1 min-h-6 font-semibold underline"
              >
                {captionOpen ? t("Show less") : t("Show more")}
              </button>
            ) : null}
          </div>
        ) : null}
        <StallChip stall={stall} />
      </div>

      <div className="absolute right-3 bottom-6 flex flex-col items-center gap-3">
        <div className="flex flex-col items-center">
          <ToggleButton
            toggle={like}
            label={t("{count, plural, one {Like, # like} other {Like, # likes}}", { count: like.count })}
            className={side}
          >
            <Heart aria-hidden="true" className={`size-6 ${like.on ? "fill-red-500 text-red-500" : ""}`} />
          </ToggleButton>
          {/* Its own dark backing: white text alone vanishes over a light frame. */}
          <span
            aria-hidden="true"
            data-testid="reel-like-count"
            className="mt-1 rounded-full bg-black/70 px-1.5 font-semibold text-xs leading-5"
          >
            {like.count}
          </span>
        </div>
        <ToggleButton toggle={save} label={t("Save reel")} className={side}>
          <Bookmark aria-hidden="true" className={`size-6 ${save.on ? "fill-current" : ""}`} />
        </ToggleButton>
        <ShareButton
          path={reelPath(reel.id)}
          title={t("{name} on Nukkad", { name: author.name })}
          text={reel.caption.slice(0, 140) || stall.name}
          aria-label={t("Share reel")}
          className={side}
        >
          <Share2 aria-hidden="true" className="size-6" />
        </ShareButton>
        {reel.mine ? null : <ReportReel reelId={reel.id} className={side} />}
        <button
          type="button"
          aria-pressed={!muted}
          aria-label={t("Sound")}
          onClick={onToggleMute}
          className={side}
        >
          {muted ? (
            <VolumeX aria-hidden="true" className="size-6" />
          ) : (
            <Volume2 aria-hidden="true" className="size-6" />
          )}
        </button>
      </div>
    </>
  );
}

const GUARD = `(function(v){var s=navigator.connection&&navigator.connection.saveData;if(s||matchMedia("(prefers-reduced-motion: reduce)").matches){v.removeAttribute("autoplay");v.preload=s?"none":"metadata";v.pause()}})(document.currentScript.previousElementSibling)`;

/**
 * Runs as the parser reaches it, right after the first reel's element and before the browser starts fetching it:
 * under reduced motion or a data saver that the server could not know of, the reel waits on its poster instead.
 */
function FirstReelGuard() {
  const nonce = useRouteLoaderData<{ cspNonce: string | null }>("root")?.cspNonce ?? undefined;
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this module, no outside text in it.
      dangerouslySetInnerHTML={{ __html: GUARD }}
    />
  );
}

/** The reel's stall: name, open status and, when the reader's position is known, distance. */
function StallChip({ stall }: { stall: ReelView["stall"] }) {
  const t = useT();
  const formatDistance = useFormatDistance();
  return (
    <Link
      to={`/stall/${encodeURIComponent(stall.id)}`}
      className="pointer-events-auto mt-3 inline-flex max-w-full items-center gap-2 rounded-full bg-black/60 py-1 pr-3 pl-2 text-sm hover:bg-black/80"
    >
      <MapPin aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 truncate font-semibold">{stall.name}</span>
      <OpenBadge state={stall.open_state} className="shrink-0" />
      {stall.distance_km !== null ? (
        <span className="shrink-0 text-xs">
          {t("{distance} away", { distance: formatDistance(stall.distance_km) })}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * Follow / Following for a reel's author. The feed keeps what it knows of each author, so the author's other reels
 * show the change once the server has answered; a visitor's click asks them to sign in.
 */
function ReelFollowButton({
  username,
  name,
  following,
  onChange,
}: {
  username: string;
  name: string;
  following: boolean;
  onChange: (username: string, following: boolean) => void;
}) {
  const t = useT();
  const follow = useFollow(username, following, (now) => onChange(username, now));
  const Icon = follow.on ? UserCheck : UserPlus;
  return (
    <ToggleButton
      toggle={follow}
      label={t("Follow {name}", { name })}
      className={`inline-flex min-h-8 shrink-0 items-center gap-1 rounded-full px-3 font-semibold text-sm ${
        follow.on ? "border border-white/70 bg-black/40" : "bg-primary text-primary-foreground"
      }`}
    >
      <Icon aria-hidden="true" className="size-4" />
      {follow.on ? t("Following") : t("Follow")}
    </ToggleButton>
  );
}

/** The report button and its dialog; the form downloads the first time the dialog opens. */
function ReportReel({ reelId, className }: { reelId: string; className: string }) {
  const t = useT();
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const [reporting, setReporting] = useState(false);
  const mayWrite = useSignInGate();
  return (
    <>
      <FormOpener
        ref={opener}
        aria-label={t("Report reel")}
        aria-haspopup="dialog"
        preload={reportForm.preload}
        onClick={() => {
          if (!mayWrite()) return;
          setReporting(true);
          dialog.current?.showModal();
        }}
        className={className}
      >
        <Flag aria-hidden="true" className="size-6" />
      </FormOpener>
      <Modal
        ref={dialog}
        title={t("Report this reel")}
        description={t("Tell the moderators what is wrong with this reel.")}
        onClose={() => opener.current?.focus()}
      >
        {reporting ? (
          <Suspense fallback={<LoadingForm className="min-h-48" />}>
            <reportForm.Form reelId={reelId} onSent={() => dialog.current?.close()} />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}
