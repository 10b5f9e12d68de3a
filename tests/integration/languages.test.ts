import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { createSignedInUser } from "../factories";
import { sendToWorker as send } from "../worker-fetch";

// The interface language (ADR 019) through the whole Worker (build first): how a page's language is chosen, that
// the Hindi page is written in Hindi with its font, and how the choice is kept.

const choose = (language: string, cookies: string[] = [], redirectTo = "/search?q=chai") =>
  send("/language", { method: "POST", body: new URLSearchParams({ language, redirectTo }), cookies });

let user: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  user = await createSignedInUser(env, { fullName: "Language Tester" });
});

describe("the page's language", () => {
  it("is English by default, with no Devanagari font", async () => {
    const html = await (await send("/")).text();
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toContain(">Discover<");
    expect(html).not.toContain("devanagari");
  });

  it("follows the browser's Accept-Language when nothing was chosen", async () => {
    const html = await (
      await send("/", { headers: { "Accept-Language": "hi-IN,hi;q=0.9,en;q=0.5" } })
    ).text();
    expect(html).toMatch(/<html lang="hi"/);
    expect(html).toContain(">एक्सप्लोर<");
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/devanagari-[^"]+\.css"/);
  });

  it("follows the cookie over the browser, and the browser's English over nothing", async () => {
    const hindi = await send("/", { cookies: ["nukkad-lang=hi"], headers: { "Accept-Language": "en-US" } });
    expect(await hindi.text()).toMatch(/<html lang="hi"/);
    const english = await send("/", { cookies: ["nukkad-lang=en"], headers: { "Accept-Language": "hi" } });
    expect(await english.text()).toMatch(/<html lang="en"/);
    const junk = await send("/", { cookies: ["nukkad-lang=xx"] });
    expect(await junk.text()).toMatch(/<html lang="en"/);
  });
});

describe("choosing a language", () => {
  it("sets the cookie and comes back to the same page", async () => {
    const answer = await choose("hi");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/search?q=chai");
    expect(answer.headers.get("Set-Cookie")).toMatch(
      /^nukkad-lang=hi; Path=\/; Max-Age=31536000; SameSite=Lax/,
    );
  });

  it("refuses a language it does not have, and a redirect off the site", async () => {
    expect((await choose("fr")).status).toBe(400);
    expect((await choose("hi", [], "//evil.example")).headers.get("Location")).toBe("/");
  });

  it("keeps a signed-in person's choice on their profile, which outranks the browser's cookie", async () => {
    const session = `nukkad_session=${user.token}`;
    expect((await choose("hi", [session])).status).toBe(302);
    const [row] = await getDb(env.DB)
      .select({ language: profiles.language })
      .from(profiles)
      .where(eq(profiles.userId, user.id));
    expect(row?.language).toBe("hi");
    // Another device, whose cookie still says English: the profile wins.
    const page = await send("/", { cookies: [session, "nukkad-lang=en"] });
    expect(await page.text()).toMatch(/<html lang="hi"/);
  });
});

describe("what the server writes with values", () => {
  const hindiPage = (path: string, cookies: string[] = []) =>
    send(path, { cookies: [...cookies, "nukkad-lang=hi"] }).then((answer) => answer.text());
  const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

  it("titles each page in its language", async () => {
    expect(title(await hindiPage("/settings"))).toBe("सेटिंग्स · Nukkad");
    expect(title(await (await send("/settings")).text())).toBe("Settings · Nukkad");
    expect(title(await hindiPage("/search?q=chai"))).toBe("chai · खोजें · Nukkad");
    expect(await hindiPage("/search?q=chai")).toContain(
      '<meta name="description" content="Nukkad पर &quot;chai&quot; से मिलते स्ट्रीट फ़ूड ठेले, व्यंजन और जगहें।"/>',
    );
    expect(title(await hindiPage("/no-such-page"))).toBe("पेज नहीं मिला · Nukkad");
  });

  it("fills a refusal's values into the page's language", async () => {
    const moderator = await createSignedInUser(env, { role: "moderator" });
    const session = `nukkad_session=${moderator.token}`;
    const hindi = await hindiPage("/moderation?sort=sideways", [session]);
    expect(hindi).toContain("इस लिंक का कुछ हिस्सा (sort) पढ़ा नहीं जा सका, इसलिए छोड़ दिया गया।");
    const english = await (await send("/moderation?sort=sideways", { cookies: [session] })).text();
    expect(english).toContain("Part of this link could not be read (sort), so it was left out.");
  });

  it("keeps the API's refusals in English, with their values filled in", async () => {
    const answer = await send("/api/geocode/reverse?lat=100&lon=0", { cookies: ["nukkad-lang=hi"] });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: "lat: Must be between -90 and 90", field: "lat" });
  });
});
