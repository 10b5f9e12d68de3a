import type { Context } from "hono";
import type { FilingContext } from "~/models/report/report.server";
import type { SignedInEnv } from "./viewer";

type ReportInput<Key extends string, Body> = { out: { param: Record<Key, string>; json: Body } };

/**
 * POST /:id/report of a post, a reel or a trail: the model files the member's report, and a repeat of their open
 * report answers 200 instead of 201 (a second tap is not an error). `key` names the path parameter of the subject.
 */
export function answerReport<Body, Key extends string = "id">(
  report: (
    context: FilingContext,
    reporterId: string,
    subjectId: string,
    body: Body,
  ) => Promise<{ created: boolean }>,
  key = "id" as Key,
) {
  return async (c: Context<SignedInEnv, string, ReportInput<Key, Body>>) => {
    const { created } = await report(c.var, c.var.user.id, c.req.valid("param")[key], c.req.valid("json"));
    return c.json({ reported: true }, created ? 201 : 200);
  };
}
