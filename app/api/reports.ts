import { Hono } from "hono";
import { reportSchema } from "~/lib/schemas/moderation";
import { fileReport } from "~/models/report/report.server";
import { contributionGuards } from "./contributions";
import { valid } from "./validate";
import type { SignedInEnv } from "./viewer";

/**
 * POST /api/reports: one way to report anything (ADR 045) by its type and public id (a person by username): 201
 * with the report's id, 409 while the caller's earlier report of it is open, 404 for what they cannot see, 400 or
 * 403 for their own. The per-subject report endpoints (shop, reviews, posts, reels, trails) file through the same
 * model and keep their own answers.
 */
export const reportsApi = new Hono<SignedInEnv>().post(
  "/",
  ...contributionGuards,
  valid("json", reportSchema),
  async (c) => {
    const { id } = await fileReport(c.var, c.var.user, c.req.valid("json"));
    return c.json({ id, reported: true }, 201);
  },
);
