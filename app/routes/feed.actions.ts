import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import type {
  FollowAnswer,
  LikeAnswer,
  PostAnswer,
  SaveAnswer,
} from "~/components/community/community-actions";
import { INTENTS } from "~/components/community/community-actions";
import { answerUnansweredPosts } from "~/components/form/answer-unanswered-posts";
import { readFormData } from "~/lib/http/form-data.server";
import { msg } from "~/lib/i18n/translate";
import { commentSchema, postReportSchema, postSchema, usernameParamSchema } from "~/lib/schemas/community";
import { postIdSchema } from "~/lib/schemas/post-id";
import { setFollow, USER_NOT_FOUND } from "~/models/follow.server";
import { ModelError } from "~/models/model-error";
import {
  addComment,
  createPost,
  deleteComment,
  deletePost,
  POST_NOT_FOUND,
  setPostLike,
  setPostSave,
  updateComment,
  updatePost,
} from "~/models/post/post.server";
import { reportPost } from "~/models/report/report.server";
import {
  answerFormOnce,
  done,
  invalid,
  keepActionHeaders,
  refusal,
  resourceAction,
} from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";

export const POST_SHARED = msg("Your post is shared.");
const POST_HELD = msg("Your post is waiting for a moderator before others see it.");
export const POST_UPDATED = msg("Post updated.");
export const POST_DELETED = msg("Post deleted.");
export const POST_REPORT_SENT = msg("Thanks! A moderator will look at your report.");

/** The intents that act on one post, named by the form's postId. */
const POST_INTENTS: readonly string[] = [
  INTENTS.updatePost,
  INTENTS.deletePost,
  INTENTS.like,
  INTENTS.save,
  INTENTS.report,
  INTENTS.addComment,
];

/** "true" or "false" as a toggle's wanted state; anything else flips it. */
const wanted = (value: FormDataEntryValue | null) =>
  value === "true" ? true : value === "false" ? false : undefined;

/**
 * Every community write of the pages (the feed, a stall's page, profiles): posts, likes, saves, follows, reports and
 * comments, told apart by `intent`. The same models and schemas as /api/posts, /api/users/:username/follow and
 * /api/posts/:id/comments; new posts, comments and reports go once per idempotency key (one per fill of a form).
 */
export const action = resourceAction(async ({ request, context }: ActionFunctionArgs) => {
  const viewer = await requireUser(request, context);
  const { db, kv, photos } = context;
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const once = (scope: string) => ({ userId: viewer.id, scope: `POST /feed/actions ${scope}`, formData });
  const parsedPostId = postIdSchema.safeParse(formData.get("postId"));
  const postId = parsedPostId.success ? parsedPostId.data : null;
  const commentId = Number(formData.get("commentId"));
  if (POST_INTENTS.includes(String(intent)) && postId === null)
    return refusal(new ModelError(404, POST_NOT_FOUND));
  // Checked above for every intent that names a post.
  const id = postId ?? "";
  try {
    switch (intent) {
      case INTENTS.createPost:
        return answerFormOnce(
          db,
          once("create-post"),
          postSchema,
          async (value, submission): Promise<PostAnswer> => {
            const post = await createPost(db, kv, viewer, value);
            return {
              ...done(post.held ? POST_HELD : POST_SHARED, submission.reply({ resetForm: true })),
              post,
            };
          },
        );
      case INTENTS.updatePost: {
        const submission = parseWithZod(formData, { schema: postSchema });
        if (submission.status !== "success") return invalid(submission);
        try {
          const post = await updatePost(db, kv, viewer.id, id, submission.value, photos);
          return { ...done(POST_UPDATED, submission.reply()), post } satisfies PostAnswer;
        } catch (error) {
          return refusal(error, submission);
        }
      }
      case INTENTS.deletePost:
        await deletePost(db, photos, viewer.id, id);
        return done(POST_DELETED);
      case INTENTS.like:
        return {
          ...done(null),
          ...(await setPostLike(db, kv, viewer.id, id, wanted(formData.get("value")))),
        } satisfies LikeAnswer;
      case INTENTS.save:
        return {
          ...done(null),
          ...(await setPostSave(db, viewer.id, id, wanted(formData.get("value")))),
        } satisfies SaveAnswer;
      case INTENTS.follow: {
        const username = usernameParamSchema.safeParse(formData.get("username"));
        if (!username.success) return refusal(new ModelError(404, USER_NOT_FOUND));
        return {
          ...done(null),
          ...(await setFollow(db, kv, viewer.id, username.data, wanted(formData.get("value")))),
        } satisfies FollowAnswer;
      }
      case INTENTS.report: {
        const comment_id = Number.isInteger(commentId) && commentId > 0 ? commentId : undefined;
        return answerFormOnce(db, once("report"), postReportSchema, async (value, submission) => {
          await reportPost(context, viewer.id, id, { ...value, comment_id });
          return done(POST_REPORT_SENT, submission.reply({ resetForm: true }));
        });
      }
      case INTENTS.addComment:
        return answerFormOnce(db, once("add-comment"), commentSchema, async (value, submission) => {
          await addComment(db, kv, viewer, id, value);
          return done(null, submission.reply({ resetForm: true }));
        });
      case INTENTS.updateComment: {
        const submission = parseWithZod(formData, { schema: commentSchema });
        if (submission.status !== "success") return invalid(submission);
        try {
          await updateComment(db, kv, viewer.id, commentId, submission.value);
          return done(null, submission.reply());
        } catch (error) {
          return refusal(error, submission);
        }
      }
      case INTENTS.deleteComment:
        await deleteComment(db, viewer.id, commentId);
        return done(null);
      default:
        return refusal(new ModelError(400, "Unknown action"));
    }
  } catch (error) {
    return refusal(error);
  }
});

// A post or comment past the daily number says when to try again (Retry-After).
export const headers = keepActionHeaders;

// A card or form hears what went wrong when its post got no answer (a like is put back, a form keeps its text),
// instead of the page giving way to the error boundary.
export const clientAction = answerUnansweredPosts({
  offline: "Network error. Please check your internet connection.",
  fault: "Something went wrong. Please try again.",
});

/** The forms live on the pages that show posts. */
export function loader() {
  return redirect("/feed");
}
