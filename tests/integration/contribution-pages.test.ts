import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { stalls } from "~/db/schema";
import { CONFIRM_EMAIL_FIRST } from "~/lib/rules/contributor";
import worker from "../../workers/app";
import { createSignedInUser, createStall } from "../factories";

// The pages' side of contributions, through the whole Worker (build first).
const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;

async function fetchPage(path: string, init: RequestInit = {}, extraEnv: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://127.0.0.1${path}`, init),
    { ...env, ...extraEnv, ASSETS: assets },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

function postForm(path: string, token: string, fields: Record<string, string>) {
  return fetchPage(path, {
    method: "POST",
    headers: { Cookie: `nukkad_session=${token}`, Origin: "http://127.0.0.1", Host: "127.0.0.1" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

describe("the review form's answers", () => {
  // Audit: the review form answered its refusals with HTTP 200.
  it.each(["", ".data"])("answer refusals with a 4xx status and the message (%s)", async (suffix) => {
    const stall = await createStall(env);
    const user = await createSignedInUser(env);
    const invalid = await postForm(`/reviews/${stall.shopUniqueId}${suffix}`, user.token, {
      intent: "save",
      rating: "9",
    });
    expect(invalid.status).toBe(400);
    const fresh = await createSignedInUser(env, { verified: false });
    const unconfirmed = await postForm(`/reviews/${stall.shopUniqueId}${suffix}`, fresh.token, {
      intent: "save",
      rating: "1",
    });
    expect(unconfirmed.status).toBe(403);
    expect(await unconfirmed.text()).toContain(CONFIRM_EMAIL_FIRST);
    const own = await postForm(`/reviews/${stall.shopUniqueId}${suffix}`, user.token, {
      intent: "report",
      authorId: user.id,
      reason: "Mine",
    });
    expect(own.status).toBe(400);
    const saved = await postForm(`/reviews/${stall.shopUniqueId}${suffix}`, user.token, {
      intent: "save",
      rating: "4",
    });
    expect(saved.status).toBe(200);
  });
});

describe("the stall page", () => {
  it("tells a signed-in user without a confirmed address why they cannot review, and offers the link again", async () => {
    const stall = await createStall(env);
    const fresh = await createSignedInUser(env, { verified: false });
    const html = await (
      await fetchPage(`/stall/${stall.shopUniqueId}`, {
        headers: { Cookie: `nukkad_session=${fresh.token}` },
      })
    ).text();
    expect(html).toContain("Confirm your e-mail address first");
    expect(html).toContain("Send the link again");
    expect(html).not.toContain("Post review");
    const confirmed = await createSignedInUser(env);
    const page = await (
      await fetchPage(`/stall/${stall.shopUniqueId}`, {
        headers: { Cookie: `nukkad_session=${confirmed.token}` },
      })
    ).text();
    expect(page).toContain("Post review");
    expect(page).not.toContain("Send the link again");
  });

  // Audit: og:image was built from whatever URL the stall stored, so it could point off-site.
  it("builds og:image on the configured origin", async () => {
    const stall = await createStall(env, {
      images: ["/stalls/dosa.svg"],
      thumbnailImage: "/stalls/dosa.svg",
    });
    const html = await (
      await fetchPage(`/stall/${stall.shopUniqueId}`, {}, { APP_ORIGIN: "https://nukkad.example" })
    ).text();
    expect(html).toContain('property="og:image" content="https://nukkad.example/stalls/dosa.svg"');
  });
});

describe("the Add a Stall form", () => {
  const form = (key: string) => ({
    idempotency_key: key,
    name: "Double Click Momos",
    contact_number: "+91 98765 43210",
    description: "Momos.",
    location: "Koramangala, Bangalore",
    gps_coordinates: "(12.935200,77.624500)",
    pin_source: "search",
  });

  // Audit: the same stall posted twice at once was stored twice.
  it("stores one stall when its fill is sent twice, at once or again later, and shows it each time", async () => {
    const user = await createSignedInUser(env);
    const key = crypto.randomUUID();
    const answers = await Promise.all([
      postForm("/add-stall.data", user.token, form(key)),
      postForm("/add-stall.data", user.token, form(key)),
    ]);
    const again = await postForm("/add-stall.data", user.token, form(key));
    expect([...answers, again].map((a) => a.status)).toEqual([200, 200, 200]);
    const rows = await getDb(env.DB)
      .select({ id: stalls.shopUniqueId })
      .from(stalls)
      .where(eq(stalls.createdBy, user.id));
    expect(rows).toHaveLength(1);
    for (const answer of [...answers, again]) expect(await answer.text()).toContain(rows[0]?.id ?? "missing");
  });

  it("refuses an unconfirmed account with the one message", async () => {
    const fresh = await createSignedInUser(env, { verified: false });
    const answer = await postForm("/add-stall.data", fresh.token, form(crypto.randomUUID()));
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain(CONFIRM_EMAIL_FIRST);
  });
});

describe("Add a Stall from a discovery post", () => {
  const page = async (path: string, token: string) =>
    (await fetchPage(path, { headers: { Cookie: `nukkad_session=${token}` } })).text();
  const share = async (token: string, body: Record<string, unknown>) => {
    const answer = await fetchPage("/api/posts", {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        Origin: "http://127.0.0.1",
      },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(201);
    return ((await answer.json()) as { id: string }).id;
  };

  it("starts the form from the post's text and the writer's position, and from nothing else", async () => {
    const writer = await createSignedInUser(env);
    const reader = await createSignedInUser(env);
    const discovery = await share(writer.token, {
      type: "discovery",
      text: "Unnamed bhutta cart outside Gate 3 <b>roasts with lime</b>",
      lat: 12.9716,
      lng: 77.5946,
    });
    const html = await page(`/add-stall?post=${discovery}`, reader.token);
    // The text as the description, escaped, and the pin where the writer was.
    expect(html).toMatch(
      /<textarea[^>]*>Unnamed bhutta cart outside Gate 3 &lt;b&gt;roasts with lime&lt;\/b&gt;<\/textarea>/,
    );
    expect(html).toContain('value="12.9716,77.5946"');

    // A tip, a post pinned to a stall, an unknown id or junk leave the form empty.
    const stall = await createStall(env);
    const tip = await share(writer.token, { type: "tip", text: "Tip text stays out" });
    const pinned = await share(writer.token, {
      type: "discovery",
      text: "Pinned one",
      stall_id: stall.shopUniqueId,
    });
    for (const post of [tip, pinned, "unknown0post", "%3Cscript%3E"]) {
      const empty = await page(`/add-stall?post=${post}`, reader.token);
      expect(empty).toMatch(/<textarea[^>]*name="description"[^>]*><\/textarea>/);
      expect(empty).not.toContain("Tip text stays out");
      expect(empty).not.toContain("Pinned one");
    }
  });
});
