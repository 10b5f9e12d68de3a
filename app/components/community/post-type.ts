import { msg } from "~/lib/i18n/translate";
import type { PostType } from "~/lib/schemas/community";

/** The spec's three kinds of post, as badges and the composer's choice name them. */
export const POST_TYPE_LABELS: Record<PostType, string> = {
  review: msg("Review"),
  discovery: msg("Discovery"),
  tip: msg("Tip"),
};
