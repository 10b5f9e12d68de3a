import { Hono } from "hono";
import { searchQuerySchema, suggestQuerySchema } from "~/lib/schemas/search-schema";
import { discoveryCategories, searchStalls, suggest, tagCounts } from "~/models/search.server";
import type { ApiEnv } from "./context";
import { valid } from "./validate";

export const searchApi = new Hono<ApiEnv>()
  .get("/", valid("query", searchQuerySchema), async (c) => {
    const { q, limit, cursor } = c.req.valid("query");
    return c.json(await searchStalls(c.var.db, q, { limit, cursor }));
  })
  .get("/suggest", valid("query", suggestQuerySchema), async (c) => {
    return c.json({ suggestions: await suggest(c.var.db, c.req.valid("query").q) });
  });

export const categoriesApi = new Hono<ApiEnv>().get("/", async (c) =>
  c.json({ categories: await discoveryCategories(c.var.db) }),
);

export const tagsApi = new Hono<ApiEnv>().get("/", async (c) => c.json({ tags: await tagCounts(c.var.db) }));
