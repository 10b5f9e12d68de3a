import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { stalls } from "~/db/schema";
import { readConfig } from "~/lib/http/config.server";
import { decideStall } from "~/models/moderation.server";
import worker from "../../workers/app";
import { createSignedInUser, createStall } from "../factories";

const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;

async function profilePage(token: string) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request("http://127.0.0.1/profile", { headers: { Cookie: `nukkad_session=${token}` } }),
    { ...env, ASSETS: assets },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  return (await response.text()).replace(/<!-- -->/g, "");
}

describe("the profile's own stalls", () => {
  it("counts only stalls that went live as added, shows the ones waiting apart, and awards First Find for a live one", async () => {
    const { id, token } = await createSignedInUser(env);
    const rejected = await createStall(env, { createdBy: id, status: "pending" });
    await getDb(env.DB)
      .update(stalls)
      .set({ status: "rejected", statusReason: "Closed long ago" })
      .where(eq(stalls.shopUniqueId, rejected.shopUniqueId));
    const waiting = await createStall(env, { createdBy: id, status: "pending" });
    await createStall(env, { createdBy: id, status: "pending" });
    const before = await profilePage(token);
    expect(before).toMatch(/Stalls added[\s\S]{0,200}?>0</);
    expect(before).toContain("2 waiting for review");
    // The badge itself: the page's inlined English catalogue holds every badge's name.
    expect(before).not.toMatch(/>\s*First Find<\/li>/);

    // A moderator approves one: the badge is earned by that decision.
    const MODERATOR_ID = "moderator-of-this-test";
    const moderation = {
      db: getDb(env.DB),
      config: readConfig(env),
      origin: "https://nukkad.test",
      photos: env.PHOTOS,
      kv: env.KV,
    };
    await decideStall(moderation, waiting.shopUniqueId, { approve: true, moderatorId: MODERATOR_ID });
    const after = await profilePage(token);
    expect(after).toMatch(/Stalls added[\s\S]{0,200}?>1</);
    expect(after).toContain("1 waiting for review");
    expect(after).toMatch(/>\s*First Find<\/li>/);
  });
});
