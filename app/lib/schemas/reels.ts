import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import { cleanText, reportReasonText } from "~/lib/schemas/clean-text";
import type { PersonView, PinnedStallView } from "~/lib/schemas/community";
import { feedPageQuery } from "~/lib/schemas/near";
import { stallIdSchema } from "~/lib/schemas/stall-id";

// Reels (issue 21): the inputs of upload, feed and report, and the views the API and pages share.

export const REEL_STATUSES = ["pending", "approved"] as const;
export type ReelStatus = (typeof REEL_STATUSES)[number];
export const REEL_VIDEO_TYPES = ["video/mp4", "video/webm"] as const;
export type ReelVideoType = (typeof REEL_VIDEO_TYPES)[number];

export const REEL_MAX_BYTES = 50 * 1024 * 1024;
/** At most 60 seconds; a phone's "one minute" clip may run a few frames over, which is still one minute. */
export const REEL_MAX_DURATION_MS = 60_500;
export const REEL_CAPTION_MAX_LENGTH = 300;
export const REELS_PER_DAY = 10;
export const REEL_PAGE_SIZE = 10;
/** R2 multipart parts are at least 5 MiB except the last; 8 MiB parts make a 50 MB video 7 requests. */
export const REEL_PART_BYTES = 8 * 1024 * 1024;
export const REEL_POSTER_MAX_BYTES = 1024 * 1024;
export const REEL_FILE_MESSAGE = "Please choose an MP4 or WebM video up to 60 seconds and 50 MB";

export const REEL_TABS = ["for_you", "following", "nearby", "saved"] as const;
export type ReelTab = (typeof REEL_TABS)[number];

/** POST /api/reels/uploads: begin an upload of `size` bytes of `type` (checked again from the bytes at the end). */
export const reelUploadStartSchema = z.object({
  size: z
    .number({ error: "size must be a number of bytes" })
    .int("size must be a whole number")
    .positive("size must be positive")
    .max(REEL_MAX_BYTES, msg(REEL_FILE_MESSAGE)),
  type: z.enum(REEL_VIDEO_TYPES, { error: msg(REEL_FILE_MESSAGE) }),
});
export type ReelUploadStart = z.infer<typeof reelUploadStartSchema>;

/** The form that finishes an upload and creates the pending reel (POST /api/reels, multipart/form-data): the
 * upload's id and its parts as JSON, the stall, the caption and the poster frame (a JPEG file). */
export const reelCreateSchema = z.object({
  upload_id: z
    .string({ error: "upload_id is required" })
    .regex(/^[A-Za-z0-9]{24}$/, "upload_id is not an upload"),
  parts: z
    .array(
      z.object({
        part_number: z.number().int().min(1).max(10_000),
        etag: z.string().min(1).max(200),
      }),
      { error: "parts must be the uploaded parts" },
    )
    .min(1, "parts must be the uploaded parts")
    .max(100, "parts must be the uploaded parts"),
  stall_id: stallIdSchema,
  caption: cleanText({ error: msg("Captions can be up to 300 characters"), multiline: true })
    .max(REEL_CAPTION_MAX_LENGTH, msg("Captions can be up to 300 characters"))
    .default(""),
});
export type ReelCreateInput = z.infer<typeof reelCreateSchema>;

/** GET /api/reels and /reels' URL. */
export const reelQuerySchema = feedPageQuery(REEL_TABS, "tab must be for_you, following, nearby or saved");
export type ReelQuery = z.infer<typeof reelQuerySchema>;

export const reelReportSchema = z.object({
  reason: reportReasonText(msg("Please say what is wrong with this reel")),
});

export const reelIdSchema = z.string().regex(/^[A-Za-z0-9]{12}$/, "id is not a reel id");

export interface ReelView {
  id: string;
  video_url: string;
  poster_url: string;
  video_type: ReelVideoType;
  duration_s: number;
  width: number | null;
  height: number | null;
  caption: string;
  author: PersonView;
  stall: PinnedStallView;
  like_count: number;
  save_count: number;
  created_at: string;
  status: ReelStatus;
  /** For the reader: */
  liked: boolean;
  saved: boolean;
  mine: boolean;
  /** The reader follows the author (null: it is the reader, or a visitor). */
  following_author: boolean | null;
}

export interface ReelPage {
  data: ReelView[];
  next_cursor: string | null;
}

/** /reels/page's answer, with an error status, when it cannot read the page: why (a message, msg), so 'Load more'
 * can say so and be pressed again rather than read as the end. */
export interface ReelPageFailure {
  error: string;
}

/** POST /api/reels/uploads answers where to send the parts. */
export interface ReelUploadTicket {
  upload_id: string;
  part_bytes: number;
  part_count: number;
}
