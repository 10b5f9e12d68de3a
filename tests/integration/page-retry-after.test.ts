import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { DAILY_REVIEW_REPORT_LIMIT } from "~/models/report/report.server";
import { saveReview } from "~/models/review.server";
import worker from "../../workers/app";
import { createSignedInUser, createStall } from "../factories";

// A page action's refusal says when to try again: Remix sends only the cookies of an action's headers unless the
// route exports `headers` (keepActionHeaders). Posted through the whole Worker (build first), as the stall page's
// fetcher posts (`.data`, single fetch) and as the form posts without JavaScript.
const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;

async function post(path: string, fields: Record<string, string>, token: string) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://127.0.0.1${path}`, {
      method: "POST",
      headers: { Origin: "http://127.0.0.1", Host: "127.0.0.1", Cookie: `nukkad_session=${token}` },
      body: new URLSearchParams(fields),
      redirect: "manual",
    }),
    { ...env, ASSETS: assets },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return {
    status: response.status,
    retryAfter: response.headers.get("Retry-After"),
    text: await response.text(),
  };
}

describe("a page action's 429", () => {
  it("carries Retry-After to the browser: the review-report limit on /reviews/:stallId", async () => {
    const [author, reporter] = await Promise.all([
      createSignedInUser(env),
      createSignedInUser(env, { established: true }),
    ]);
    const { shopUniqueId } = await createStall(env);
    await saveReview(getDb(env.DB), env.KV, author.id, shopUniqueId, { rating: 4, body: null });
    const report = { intent: "report", authorId: author.id, reason: "Spam" };
    for (let i = 0; i < DAILY_REVIEW_REPORT_LIMIT.limit; i++) {
      expect((await post(`/reviews/${shopUniqueId}.data`, report, reporter.token)).status).toBe(200);
    }
    for (const path of [`/reviews/${shopUniqueId}.data`, `/reviews/${shopUniqueId}`]) {
      const refused = await post(path, report, reporter.token);
      expect(refused.status).toBe(429);
      expect(refused.text).toContain(DAILY_REVIEW_REPORT_LIMIT.message);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
  });
});
