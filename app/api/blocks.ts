import { Hono } from "hono";
import { z } from "zod";
import { usernameParamSchema } from "~/lib/schemas/community";
import { blockSchema, mutedWordsSchema, muteSchema } from "~/lib/schemas/safety";
import { mutedWordsOf } from "~/models/block.server";
import { keepAway, listKeptAway, saveMutedWords } from "~/models/keep-away.server";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

const usernameParam = valid("param", z.object({ username: usernameParamSchema }));

/** Block and mute (ADR 048), all signed in: setting either on a person (the state always said, never a flip), the
 * reader's own lists, and their muted words. Mounted at /api, so each route carries signedInOnly itself. */
export const blocksApi = new Hono<SignedInEnv>()
  .put("/users/:username/block", signedInOnly, usernameParam, valid("json", blockSchema), async (c) => {
    const { username } = c.req.valid("param");
    return c.json(await keepAway(c.var.db, c.var.kv, c.var.user.id, username, c.req.valid("json")));
  })
  .put("/users/:username/mute", signedInOnly, usernameParam, valid("json", muteSchema), async (c) => {
    const { username } = c.req.valid("param");
    return c.json(await keepAway(c.var.db, c.var.kv, c.var.user.id, username, c.req.valid("json")));
  })
  .get("/profile/blocks", signedInOnly, async (c) =>
    c.json(await listKeptAway(c.var.db, c.var.user.id, "blocks")),
  )
  .get("/profile/mutes", signedInOnly, async (c) =>
    c.json(await listKeptAway(c.var.db, c.var.user.id, "mutes")),
  )
  .get("/profile/muted-words", signedInOnly, async (c) =>
    c.json({ words: await mutedWordsOf(c.var.db, c.var.user.id) }),
  )
  .put("/profile/muted-words", signedInOnly, valid("json", mutedWordsSchema), async (c) =>
    c.json(await saveMutedWords(c.var.db, c.var.user.id, c.req.valid("json").words)),
  );
