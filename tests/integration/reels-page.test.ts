import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { profiles, reels } from "~/db/schema";
import { createSignedInUser, createStall, insertReel } from "../factories";
import { drawnHtml, sendToWorker } from "../worker-fetch";

// /reels and /reels/:id through the whole Worker as a browser asks for them: which reels a page holds (approved
// ones; a pending one only to its author), the tabs' prompts, the data saver, a shared reel's link preview (Open
// Graph video tags), and the page actions behind like, save and report.

type User = Awaited<ReturnType<typeof createSignedInUser>>;
const db = getDb(env.DB);
const ORIGIN = "http://127.0.0.1";

const session = (user: User) => [`nukkad_session=${user.token}`];

async function page(
  path: string,
  {
    user,
    status = 200,
    headers = {},
  }: { user?: User; status?: number; headers?: Record<string, string> } = {},
) {
  const response = await sendToWorker(path, { cookies: user ? session(user) : [], headers });
  const html = (await response.text()).replace(/<!-- -->/g, "");
  expect(response.status, html.slice(0, 300)).toBe(status);
  return html;
}

/** A page action's POST, as a fetcher sends it (single fetch's `.data`; a visitor's as a plain form post). */
async function act(user: User | null, form: Record<string, string>) {
  return sendToWorker(user ? "/reels/actions.data" : "/reels/actions", {
    method: "POST",
    body: new URLSearchParams(form),
    // Remix compares a fetcher's Origin with the Host before it runs an action.
    headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "127.0.0.1" },
    cookies: user ? session(user) : [],
  });
}

/** The meta tag's content for an Open Graph property, or null. */
const ogContent = (html: string, property: string) =>
  html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`))?.[1] ?? null;

let author: User & { username: string };
let reader: User;
let stallId: string;
let approved: Awaited<ReturnType<typeof insertReel>>;
let pending: Awaited<ReturnType<typeof insertReel>>;

beforeAll(async () => {
  const made = await createSignedInUser(env, { fullName: "Asha Rao" });
  const username = `asha_${Math.random().toString(36).slice(2, 8)}`;
  await db.update(profiles).set({ username }).where(eq(profiles.userId, made.id));
  author = { ...made, username };
  reader = await createSignedInUser(env, { fullName: "Ravi Kumar" });
  stallId = (await createStall(env, { name: "Raju's Chaat", latitude: 28.6139, longitude: 77.209 }))
    .shopUniqueId;
  approved = await insertReel(env, author.id, {
    stallId,
    caption: "Crisp golgappe at Raju's #chaat",
    hotScore: 5,
  });
  pending = await insertReel(env, author.id, {
    stallId,
    caption: "Still cooking this one",
    status: "pending",
  });
});

describe("/reels", () => {
  it("plays the approved reels with their overlay and the first reel's hint; a pending reel is not among them", async () => {
    // One reel has nowhere to swipe to: the hint comes with a second. (The page's catalogue, JSON in its HTML, holds
    // every message's text, so the hint is looked for in what the page draws.)
    expect(drawnHtml(await page("/reels"))).not.toContain("Swipe up for more reels");
    await insertReel(env, author.id, { stallId, caption: "Jalebi fresh off the kadhai", hotScore: 1 });
    const html = drawnHtml(await page("/reels"));
    expect(html).toContain("Swipe up for more reels");
    expect(html).toContain("Crisp golgappe at Raju");
    expect(html).toContain("Jalebi fresh off the kadhai");
    expect(html).toContain(`src="/media/${approved.videoKey}"`);
    expect(html).toContain(`href="/u/${author.username}"`);
    expect(html).toContain(`href="/stall/${stallId}"`);
    expect(html).toContain(`href="/search?`); // the caption's #chaat
    expect(html).not.toContain("Still cooking this one");
    expect(html).not.toContain(pending.videoKey);
    // Visitors get no 'Add a reel'; members do.
    expect(html).not.toContain('href="/reels/new"');
    expect(await page("/reels", { user: reader })).toContain('href="/reels/new"');
  });

  it("only the reel in view preloads, its poster the page's one poster; with Save-Data: on nothing does", async () => {
    await insertReel(env, reader.id, { stallId, caption: "Second reel", hotScore: 1 });
    const preloads = (html: string) => [...html.matchAll(/<video[^>]* preload="(\w+)"/g)].map((m) => m[1]);
    const html = await page("/reels");
    const normal = preloads(html);
    expect(normal.length).toBeGreaterThanOrEqual(2);
    // The first reel starts by itself, so all of it. The next one's metadata and poster come once the page has
    // hydrated (ADR 058, the reels e2e journey): in the HTML they would share a phone's link with the first poster.
    expect(normal[0]).toBe("auto");
    expect(new Set(normal.slice(1))).toEqual(new Set(["none"]));
    expect([...html.matchAll(/<video[^>]* poster="/g)]).toHaveLength(1);
    const saving = preloads(await page("/reels", { headers: { "Save-Data": "on" } }));
    expect(new Set(saving)).toEqual(new Set(["none"]));
  });

  it("starts the first reel in its HTML (muted, inline, autoplay, its poster fetched first) unless the request asks for stillness", async () => {
    const firstVideo = (html: string) => html.match(/<video[^>]*>/)?.[0] ?? "";
    const attributes = (tag: string) =>
      new Set([...tag.matchAll(/ ([a-zA-Z]+)=/g)].map((m) => (m[1] ?? "").toLowerCase()));
    const guarded = (html: string) => html.includes("prefers-reduced-motion: reduce");
    // The round Play button over the first reel (the reels after it show theirs until they come into view).
    const playButton = (html: string) => /<span class="flex size-20/.test(html.split("<article")[1] ?? "");

    // A first visit: nothing known of the motion setting. The browser starts the reel without JavaScript; a script
    // right after it stops it first if the browser prefers less motion.
    const response = await sendToWorker("/reels");
    expect(response.headers.get("Accept-CH")).toBe("Sec-CH-Prefers-Reduced-Motion");
    expect(response.headers.get("Vary")).toContain("Sec-CH-Prefers-Reduced-Motion");
    const html = await response.text();
    const first = firstVideo(html);
    for (const attribute of ["autoplay", "muted", "playsinline", "loop", "poster"])
      expect(attributes(first), first).toContain(attribute);
    expect(first).toContain('preload="auto"');
    const poster = first.match(/poster="([^"]+)"/)?.[1];
    expect(html).toMatch(
      new RegExp(`<link rel="preload" href="${poster}" as="image" fetchPriority="high"/>`),
    );
    expect(guarded(html)).toBe(true);
    expect(playButton(html)).toBe(false);
    // Only the first reel starts by itself.
    expect([...html.matchAll(/<video[^>]* autoPlay=""/g)]).toHaveLength(1);

    // The browser said it wants motion (the hint, or the cookie the page wrote): no guard needed.
    for (const headers of <Record<string, string>[]>[
      { "Sec-CH-Prefers-Reduced-Motion": "no-preference" },
      { Cookie: "nukkad-playback=none" },
    ]) {
      const moving = await page("/reels", { headers });
      expect(attributes(firstVideo(moving))).toContain("autoplay");
      expect(guarded(moving)).toBe(false);
    }

    // Less motion or less data, from a hint, Save-Data or the cookie: the poster and a Play button, as the server
    // wrote them; nothing starts.
    for (const headers of <Record<string, string>[]>[
      { "Sec-CH-Prefers-Reduced-Motion": "reduce" },
      { "Save-Data": "on" },
      { Cookie: "nukkad-playback=reduce-motion" },
      { Cookie: "nukkad-playback=save-data" },
      // The browser's hint outranks what the cookie remembered.
      { Cookie: "nukkad-playback=none", "Sec-CH-Prefers-Reduced-Motion": "reduce" },
    ]) {
      const still = await page("/reels", { headers });
      const video = firstVideo(still);
      expect(attributes(video), JSON.stringify(headers)).not.toContain("autoplay");
      expect(attributes(video)).toContain("poster");
      expect(video).toMatch(/preload="(metadata|none)"/);
      expect(playButton(still)).toBe(true);
      expect(guarded(still)).toBe(false);
    }

    // A shared reel's page starts that reel the same way.
    const shared = firstVideo(await page(`/reels/${approved.id}`));
    expect(shared).toContain(`src="/media/${approved.videoKey}"`);
    expect(attributes(shared)).toContain("autoplay");
  });

  it("preloads only the entry and the routes' modules, so the first reel's clip is not fetched beside 40 chunks (ADR 064)", async () => {
    const modulePreloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1] ?? "");
    const startsFrom = (route: string) => new RegExp(`^/assets/(entry\\.client|root|${route})-[\\w-]+\\.js$`);

    for (const [path, route] of [
      ["/reels", "reels\\._index"],
      [`/reels/${approved.id}`, "reels\\._id"],
      ["/reels?tab=nearby&near=28.62,77.21", "reels\\._index"],
    ] as const) {
      const html = await page(path);
      const preloads = modulePreloads(html);
      expect(preloads, path).toHaveLength(3);
      for (const href of preloads) expect(href, path).toMatch(startsFrom(route));
      // The page still hydrates from them: the inline module imports the routes, whose own imports bring the rest.
      const routeModule = preloads.find((href) => new RegExp(route).test(href));
      expect(html).toContain(`from "${routeModule}";`);
    }

    // Pages whose first paint is not a video still preload every chunk they run.
    expect(modulePreloads(await page("/feed")).length).toBeGreaterThan(10);
  });

  it("Following and Saved ask visitors to sign in; Nearby asks for a position and then shows reels within 5 km", async () => {
    expect(await page("/reels?tab=following")).toContain("Sign in to see who you follow");
    expect(await page("/reels?tab=saved")).toContain("Sign in to see your saved reels");
    const asking = await page("/reels?tab=nearby");
    expect(asking).toContain("Enable location to see reels from your area");
    expect(asking).not.toContain(approved.videoKey);
    expect(await page("/reels?tab=nearby&near=28.62,77.21")).toContain(approved.videoKey);
    expect(await page("/reels?tab=nearby&near=12.97,77.59")).toContain("No nearby reels");
    // A tab the URL gets wrong is For You.
    expect(await page("/reels?tab=trending")).toContain(approved.videoKey);
  });

  it("reads a position off the map (95,200) as none: Nearby asks for the location, and the API refuses it", async () => {
    const asking = await page("/reels?tab=nearby&near=95,200");
    expect(asking).toContain("Enable location to see reels from your area");
    expect(asking).not.toContain(approved.videoKey);
    const api = await sendToWorker("/api/reels?tab=nearby&near=95,200");
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ field: "near", error: "near: near must be lat,lng" });
  });

  it("Saved lists the reader's saves once they save a reel from the page", async () => {
    expect(await page("/reels?tab=saved", { user: reader })).toContain("No saved reels yet");
    expect((await act(reader, { intent: "save", reelId: approved.id, value: "true" })).status).toBe(200);
    expect(await page("/reels?tab=saved", { user: reader })).toContain(approved.videoKey);
  });
});

describe("/reels/:id", () => {
  it("opens the reel with Open Graph video tags, absolute URLs, so a shared link previews", async () => {
    const html = await page(`/reels/${approved.id}`);
    expect(ogContent(html, "og:type")).toBe("video.other");
    expect(ogContent(html, "og:video")).toBe(`${ORIGIN}/media/${approved.videoKey}`);
    expect(ogContent(html, "og:video:type")).toBe("video/mp4");
    expect(ogContent(html, "og:video:width")).toBe("720");
    expect(ogContent(html, "og:video:height")).toBe("1280");
    expect(ogContent(html, "og:image")).toBe(`${ORIGIN}/media/${approved.posterKey}`);
    expect(ogContent(html, "og:title")).toBe("Raju&#x27;s Chaat by Asha Rao");
    expect(ogContent(html, "og:description")).toBe("Crisp golgappe at Raju&#x27;s #chaat");
    expect(ogContent(html, "og:url")).toBe(`${ORIGIN}/reels/${approved.id}`);
    // That reel comes first.
    expect(html.match(/<video[^>]*src="([^"]+)"/)?.[1]).toBe(`/media/${approved.videoKey}`);
  });

  it("shows a pending reel to its author with 'Waiting for review', and to nobody else", async () => {
    const own = await page(`/reels/${pending.id}`, { user: author });
    expect(own).toContain("Waiting for review");
    expect(own).toContain(pending.videoKey);
    for (const user of [undefined, reader]) {
      const html = await page(`/reels/${pending.id}`, { user, status: 404 });
      expect(html).toContain("Reel not found");
      expect(html).not.toContain(pending.videoKey);
    }
    await page("/reels/not-a-reel-id", { status: 404 });
    await page("/reels/AAAAAAAAAAAA", { status: 404 });
  });
});

describe("the reel pages' actions", () => {
  it("like sets the state asked for and the count, which the page shows after a reload", async () => {
    const reel = await insertReel(env, author.id, { stallId, likeCount: 0 });
    // Asking twice for the same state changes nothing.
    for (const _ of [1, 2])
      expect((await act(reader, { intent: "like", reelId: reel.id, value: "true" })).status).toBe(200);
    const [row] = await db
      .select({ likeCount: reels.likeCount })
      .from(reels)
      .where(eq(reels.publicId, reel.id));
    expect(row?.likeCount).toBe(1);
    const html = await page(`/reels/${reel.id}`, { user: reader });
    expect(html).toMatch(/aria-pressed="true" aria-label="Like, 1 like"/);
  });

  it("refuses visitors, unknown or pending reels, an empty reason and reporting one's own reel", async () => {
    const visitor = await act(null, { intent: "like", reelId: approved.id, value: "true" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toContain("/auth?redirectTo=");
    expect((await act(reader, { intent: "like", reelId: "nope" })).status).toBe(404);
    expect((await act(reader, { intent: "like", reelId: pending.id })).status).toBe(404);
    expect((await act(reader, { intent: "dance", reelId: approved.id })).status).toBe(400);
    const empty = await act(reader, { intent: "report", reelId: approved.id, reason: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please say what is wrong with this reel");
    const own = await act(author, { intent: "report", reelId: approved.id, reason: "Mine" });
    expect(own.status).toBe(400);
    const sent = await act(reader, { intent: "report", reelId: approved.id, reason: "Not food" });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("A moderator will look at your report");
  });

  it("Load more answers the next page of a tab, and for a page it cannot read an error saying why, not an empty page", async () => {
    const response = await sendToWorker("/reels/page.data?tab=for_you");
    expect(response.status).toBe(200);
    const bad = await sendToWorker("/reels/page.data?tab=trending");
    expect(bad.status).toBe(400);
    const badBody = await bad.text();
    expect(badBody).toContain("Could not load more reels. Please try again.");
    expect(badBody).not.toContain("next_cursor");
    const visitor = await sendToWorker("/reels/page.data?tab=saved&cursor=abc");
    expect(visitor.status).toBe(401);
    const visitorBody = await visitor.text();
    expect(visitorBody).toContain("Please log in first!");
    expect(visitorBody).not.toContain("next_cursor");
  });
});
