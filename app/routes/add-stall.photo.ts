import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import type { PhotoAnswer } from "~/components/add-stall/photo-uploader";
import { answerUnansweredPosts } from "~/components/form/answer-unanswered-posts";
import { IDEMPOTENCY_FIELD } from "~/lib/http/idempotency";
import { UPLOAD_FAILED, UPLOAD_NETWORK_ERROR } from "~/lib/http/image-type";
import { photoUrl } from "~/lib/http/photo-url";
import { CONFIRM_EMAIL_FIRST, mayContribute } from "~/lib/rules/contributor";
import { ModelError } from "~/models/model-error";
import { readPhotoUpload, storePhoto } from "~/models/photo.server";
import { answerOnce, done, keepActionHeaders, refusal, resourceAction } from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";

/**
 * One photo of the Add a Stall form (field "image"), stored as soon as it is chosen: the limits and refusals of
 * POST /api/shop/upload, and the same model. Each upload carries its own idempotency key (the form's key and the
 * file's), so a retry after a lost answer gets the first photo's URL back rather than storing a second.
 */
export const action = resourceAction(async ({ request, context }: ActionFunctionArgs) => {
  const viewer = await requireUser(request, context);
  if (!mayContribute(viewer)) return refusal(new ModelError(403, CONFIRM_EMAIL_FIRST));
  const { db, photos } = context;
  try {
    const { form, image } = await readPhotoUpload(request);
    const once = { userId: viewer.id, scope: "POST /add-stall/photo", key: form.get(IDEMPOTENCY_FIELD) };
    return await answerOnce(db, once, async (): Promise<PhotoAnswer> => {
      const stored = await storePhoto(db, photos, { userId: viewer.id, ...image });
      return { ...done(null), url: photoUrl(stored) };
    });
  } catch (error) {
    return refusal(error);
  }
});

// A refusal past the daily number of photos keeps any Retry-After it carries.
export const headers = keepActionHeaders;

// An upload that got no answer says so beside the photos, instead of the form giving way to the error boundary.
export const clientAction = answerUnansweredPosts({ offline: UPLOAD_NETWORK_ERROR, fault: UPLOAD_FAILED });

export function loader() {
  return redirect("/add-stall");
}
