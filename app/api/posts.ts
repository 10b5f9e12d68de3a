import { Hono } from "hono";
import { z } from "zod";
import { commentSchema, feedQuerySchema, postSchema } from "~/lib/schemas/community";
import { nearQuerySchema } from "~/lib/schemas/near";
import { postIdSchema } from "~/lib/schemas/post-id";
import {
  addComment,
  createPost,
  deleteComment,
  deletePost,
  getPost,
  listComments,
  readFeed,
  setPostLike,
  setPostSave,
  setReviewLike,
  updateComment,
  updatePost,
} from "~/models/post/post.server";
import { contributionGuards } from "./contributions";
import { answerLike, likeBody, saveBody } from "./reactions";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

// The community's posts (issue 19): anyone reads the feed, posts and comments; a signed-in person with a confirmed
// e-mail address shares and comments; authors edit and delete their own; anyone signed in likes and saves.

const postParam = valid("param", z.object({ id: postIdSchema }));
const rowIdParam = valid(
  "param",
  z.object({
    id: z.coerce.number({ error: "id must be a number" }).int("id must be a whole number").positive(),
  }),
);
const nearQuery = valid("query", nearQuerySchema);

/** /api/posts */
export const postsApi = new Hono<SignedInEnv>()
  .post("/", ...contributionGuards, valid("json", postSchema), async (c) => {
    // 202: held by the spam rules (ADR 051), stored but not published until a moderator approves it.
    const post = await createPost(c.var.db, c.var.kv, c.var.user, c.req.valid("json"));
    return c.json(post, post.held ? 202 : 201);
  })
  .get("/:id", postParam, nearQuery, async (c) => {
    const viewer = await c.var.viewer();
    return c.json(await getPost(c.var.db, viewer, c.req.valid("param").id, c.req.valid("query").near));
  })
  .put("/:id", signedInOnly, postParam, valid("json", postSchema), async (c) =>
    c.json(
      await updatePost(
        c.var.db,
        c.var.kv,
        c.var.user.id,
        c.req.valid("param").id,
        c.req.valid("json"),
        c.env.PHOTOS,
      ),
    ),
  )
  .delete("/:id", signedInOnly, postParam, async (c) => {
    await deletePost(c.var.db, c.env.PHOTOS, c.var.user.id, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .put("/:id/like", signedInOnly, postParam, likeBody, answerLike(setPostLike))
  .put("/:id/save", signedInOnly, postParam, saveBody, async (c) =>
    c.json(await setPostSave(c.var.db, c.var.user.id, c.req.valid("param").id, c.req.valid("json").saved)),
  )
  .get("/:id/comments", postParam, async (c) => {
    const viewer = await c.var.viewer();
    return c.json({ data: await listComments(c.var.db, viewer, c.req.valid("param").id) });
  })
  .post("/:id/comments", ...contributionGuards, postParam, valid("json", commentSchema), async (c) =>
    c.json(
      await addComment(c.var.db, c.var.kv, c.var.user, c.req.valid("param").id, c.req.valid("json")),
      201,
    ),
  );

/** /api/feed?tab=for_you|following|nearby&near=lat,lng&cursor= */
export const feedApi = new Hono<SignedInEnv>().get("/", valid("query", feedQuerySchema), async (c) =>
  c.json(await readFeed(c.var.db, await c.var.viewer(), c.req.valid("query"))),
);

/** /api/comments/:id: the author edits or deletes their comment. */
export const commentsApi = new Hono<SignedInEnv>()
  .put("/:id", signedInOnly, rowIdParam, valid("json", commentSchema), async (c) =>
    c.json(
      await updateComment(c.var.db, c.var.kv, c.var.user.id, c.req.valid("param").id, c.req.valid("json")),
    ),
  )
  .delete("/:id", signedInOnly, rowIdParam, async (c) => {
    await deleteComment(c.var.db, c.var.user.id, c.req.valid("param").id);
    return c.body(null, 204);
  });

/** /api/reviews/:id/like, beside reviews.ts's /api/reviews/:stallId (one segment) and its reports (three). */
export const reviewLikesApi = new Hono<SignedInEnv>().put(
  "/:id/like",
  signedInOnly,
  rowIdParam,
  likeBody,
  answerLike(setReviewLike),
);
