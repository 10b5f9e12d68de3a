import type { Context } from "hono";
import type { Db } from "~/db/client.server";
import { likeBodySchema, saveBodySchema } from "~/lib/schemas/reaction";
import { valid } from "./validate";
import type { SignedInEnv } from "./viewer";

/** The bodies of PUT /:id/like and PUT /:id/save, whatever is liked or saved. */
export const likeBody = valid("json", likeBodySchema);
export const saveBody = valid("json", saveBodySchema);

type LikeInput<Id> = { out: { param: { id: Id }; json: { liked?: boolean } } };

/**
 * PUT /:id/like of anything members like (a post, a reel, a review): the model sets or flips the member's like and
 * the answer is its state and count after.
 */
export function answerLike<Id>(
  setLike: (
    db: Db,
    kv: KVNamespace,
    userId: string,
    id: Id,
    liked?: boolean,
  ) => Promise<{ liked: boolean; like_count: number }>,
) {
  return async (c: Context<SignedInEnv, string, LikeInput<Id>>) =>
    c.json(
      await setLike(c.var.db, c.var.kv, c.var.user.id, c.req.valid("param").id, c.req.valid("json").liked),
    );
}
