import { Hono } from "hono";
import { z } from "zod";
import { labelNameSchema } from "~/lib/schemas/label-name";
import { deleteLabelName, listLabelNames, setLabelName } from "~/models/label-name.server";
import type { ApiEnv } from "./context";
import { moderatorsOnly } from "./post-moderation";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

/** The Hindi names of labels (ADR 035), for anyone: the API answers tags and categories in English, and a client
 * showing them in Hindi looks each up here, whatever its case. */
export const labelsApi = new Hono<ApiEnv>().get("/", async (c) =>
  c.json({ labels: await listLabelNames(c.var.db) }),
);

/** The moderators' side under /api/moderation: the same model as /moderation/labels. */
export const labelModerationApi = new Hono<SignedInEnv>()
  .use(signedInOnly, moderatorsOnly)
  .put("/labels", valid("json", labelNameSchema), async (c) =>
    c.json(await setLabelName(c.var.db, c.req.valid("json"), c.var.user.id)),
  )
  .delete(
    "/labels/:id",
    valid(
      "param",
      z.object({
        id: z.coerce.number({ error: "id must be a number" }).int().positive("id must be a number"),
      }),
    ),
    async (c) => {
      await deleteLabelName(c.var.db, c.req.valid("param").id);
      return c.json({ removed: true });
    },
  );
