import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import type { OpenState } from "~/lib/rules/open-status";
import type { WeeklySchedule } from "~/lib/rules/schedule";
import {
  GENERATE_DEFAULT_STOPS,
  GENERATE_MAX_STOPS,
  GENERATE_MIN_STOPS,
  TRAIL_DESCRIPTION_MAX_LENGTH,
  TRAIL_MAX_STOPS,
  TRAIL_MIN_STOPS,
  TRAIL_NOTE_MAX_LENGTH,
  TRAIL_TITLE_MAX_LENGTH,
} from "~/lib/rules/trail-limits";
import { cleanText, requiredText } from "~/lib/schemas/clean-text";
import { latitudeSchema, longitudeSchema, nearSchema } from "~/lib/schemas/near";
import { stallIdSchema } from "~/lib/schemas/stall-id";

// Food Trails (issue 18): one schema per input, shared by the trail editor, the generator and /api/trails, and the
// shapes both answer, so pages and API clients read the same trail.

export const TRAIL_VISIBILITIES = ["public", "private"] as const;
export type TrailVisibility = (typeof TRAIL_VISIBILITIES)[number];

/** A trail's public id, as randomId() makes it. */
export const trailIdSchema = z
  .string({ error: "trailId is required" })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, "trailId is not a trail id");

/** When the walk starts: an ISO date-time with its offset; absent means now. */
const startSchema = z.iso.datetime({
  offset: true,
  error: "start must be a date-time such as 2026-11-25T18:30:00+05:30",
});

// Messages are whole sentences with their numbers written in, so the catalogue holds each one as people read it.
const COUNT_RANGE = "count must be a whole number from 2 to 8";

/** POST /api/trails/generate and Home's Feeling Hungry button: a trail near a point, not stored until saved.
 * `exclude` lists the stalls of the trail shown just before, so 'Try another' never repeats it. */
export const generateTrailSchema = z.object({
  lat: latitudeSchema,
  lng: longitudeSchema,
  count: z
    .number({ error: COUNT_RANGE })
    .int(COUNT_RANGE)
    .min(GENERATE_MIN_STOPS, COUNT_RANGE)
    .max(GENERATE_MAX_STOPS, COUNT_RANGE)
    .default(GENERATE_DEFAULT_STOPS),
  start: startSchema.optional(),
  exclude: z.array(stallIdSchema).max(TRAIL_MAX_STOPS).default([]),
  allowMaybe: z.boolean({ error: "allowMaybe must be true or false" }).default(false),
});
export type GenerateTrailInput = z.infer<typeof generateTrailSchema>;

const trailStopInputSchema = z.object({
  stallId: stallIdSchema,
  note: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    cleanText({ error: msg("A stop's note must be text") })
      .max(TRAIL_NOTE_MAX_LENGTH, msg("Notes on a stop can be up to 280 characters"))
      .nullable()
      .default(null),
  ),
});

/** POST /api/trails and PUT /api/trails/:id, and the trail editor: stops in the walking order the author chose. */
export const trailSchema = z.object({
  title: requiredText(
    msg("Please give the trail a title"),
    TRAIL_TITLE_MAX_LENGTH,
    msg("Titles can be up to 80 characters"),
  ),
  description: z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    cleanText({ error: msg("Description must be text"), multiline: true }).max(
      TRAIL_DESCRIPTION_MAX_LENGTH,
      msg("Descriptions can be up to 1000 characters"),
    ),
  ),
  visibility: z.enum(TRAIL_VISIBILITIES, { error: "visibility must be public or private" }).default("public"),
  /** The start time the arrival times are worked out from; null means "now" whenever the trail is opened. */
  start: startSchema.nullable().default(null),
  stops: z
    .array(trailStopInputSchema, { error: "stops must be a list of stalls" })
    .min(TRAIL_MIN_STOPS, msg("A trail needs at least 2 stops"))
    .max(TRAIL_MAX_STOPS, msg("A trail can have up to 12 stops"))
    .refine((stops) => new Set(stops.map((stop) => stop.stallId)).size === stops.length, {
      message: msg("A stall can be on a trail only once"),
    }),
});
export type TrailInput = z.infer<typeof trailSchema>;

/**
 * The trail editor's `base` field: the trail as the editor loaded it, as JSON, so that a save writes only the fields
 * the author changed (editedTrailFields). Unreadable, it is no base: the save replaces the whole trail.
 */
export const trailBaseSchema = z
  .string()
  .max(64_000)
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: "base must be JSON" });
      return z.NEVER;
    }
  })
  .pipe(trailSchema);

/** GET /api/trails: which list, and the keyset cursor of the next page. */
export const TRAIL_LISTS = ["curated", "popular", "mine", "near"] as const;
export type TrailList = (typeof TRAIL_LISTS)[number];

/** GET /api/trails and /food-trails/page: `list` (popular unless `near` is given), `near=lat,lng` for the near
 * list, a keyset cursor. */
export const trailListQuerySchema = z.object({
  list: z.enum(TRAIL_LISTS, { error: "list must be one of curated, popular, mine, near" }).optional(),
  near: nearSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number({ error: "limit must be a whole number from 1 to 50" })
    .int("limit must be a whole number from 1 to 50")
    .min(1, "limit must be a whole number from 1 to 50")
    .max(50, "limit must be a whole number from 1 to 50")
    .optional(),
});
export type TrailListQuery = z.infer<typeof trailListQuerySchema>;

// ---- What the API and the pages answer -------------------------------------------------------------------------

/** What the trail pages know of a stall: its card's fields and what the walking planner reads (position, hours). */
export interface TrailStallInfo {
  id: string;
  name: string;
  location: string;
  latitude: number;
  longitude: number;
  thumbnail_image: string | null;
  /** The cuisine; search results do not carry it. */
  category: string | null;
  tags: string[];
  rating_average: number | null;
  /** The stall's hours and clock, so a page can move arrival times with the start time in the browser. */
  weekly_schedule: WeeklySchedule | null;
  time_zone: string;
}

/** A stop as a trail answers it: the stall's card fields, the walking leg to it, and when the walker gets there. */
export interface TrailStopView {
  position: number;
  note: string | null;
  /** A stop's stall is read with its cuisine and rating count. */
  stall: TrailStallInfo & { category: string; rating_count: number };
  /** Walking leg from the previous stop (or from the walker for the first stop when a start point is known). */
  leg_km: number | null;
  leg_minutes: number | null;
  /** ISO time of arrival, from the trail's start (or now). */
  arrives_at: string;
  /** The stall's state when the walker arrives there. */
  open_on_arrival: OpenState;
}

/** A stop that cannot be kept: the stall closes before the walker gets there, or it was rejected or removed. */
export interface DroppedStopView {
  stall: { id: string; name: string };
  reason: "closes_before_arrival" | "not_open_on_arrival" | "removed";
}

export interface TrailSummary {
  id: string;
  title: string;
  area: string;
  curated: boolean;
  visibility: TrailVisibility;
  author: { username: string | null; name: string } | null;
  stop_count: number;
  walking_km: number;
  estimate_minutes: number;
  /** 'About 2 h 10 min', or the spec's 'Estimated time: 2-3 hours' wording where it applies. */
  estimate_text: string;
  cover_image: string | null;
  saves: number;
  created_at: string;
  /** Why a moderator hid it: given to its author only (nobody else can see a hidden trail). */
  hidden_reason: string | null;
}

export interface TrailView extends TrailSummary {
  description: string;
  start: string | null;
  stops: TrailStopView[];
  dropped: DroppedStopView[];
  /** For the viewer: whether they saved it and may edit it. */
  saved: boolean;
  editable: boolean;
}

/** POST /api/trails/generate: an unsaved trail. */
export interface GeneratedTrailView {
  stops: TrailStopView[];
  dropped: DroppedStopView[];
  walking_km: number;
  estimate_minutes: number;
  estimate_text: string;
  /** True when the visitor's location was unknown and the default (28.6139, 77.209) was used. */
  default_location: boolean;
  /** When the walk starts (the request's start, or now), and the clock of the stalls near the point. */
  start: string;
  time_zone: string;
  /** Approved stalls within a walk of the point (2 km), open or not. */
  stalls_in_reach: number;
  /** With fewer than two stops: the next time, within a week, at which enough stalls in reach are open. */
  next_start: string | null;
  /** With fewer than two stops and no such time: how far (km, straight line) the nearest stall open at the start
   * is, within 25 km; null when there is none. */
  nearest_open_km: number | null;
}
