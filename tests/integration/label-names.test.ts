import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { labelNames } from "~/db/schema";
import { translatorFor } from "~/lib/i18n/translator.server";
import { hindiName } from "~/lib/rules/label";
import { MENU_WORDS } from "~/lib/rules/search-query";
import { listDishAliases } from "~/models/dish-alias.server";
import {
  deleteLabelName,
  hindiLabelNames,
  labelsWithoutHindi,
  listLabelNames,
  setLabelName,
} from "~/models/label-name.server";
import { searchStalls } from "~/models/search.server";
import { ARCHETYPES, SEED_LABEL_NAMES } from "../../scripts/seed-data";
import { createFoodTrail, createSignedInUser, createStall } from "../factories";
import { sendToWorker as send } from "../worker-fetch";

// The Hindi names of labels (ADR 035): the model, Hindi pages showing them (falling back to English), search finding
// a stall by either name, and the moderators' page at /moderation/labels, through the whole Worker (build first).

const db = getDb(env.DB);
const HINDI = "nukkad-lang=hi";
const session = (token: string) => `nukkad_session=${token}`;
// A page's form post, as a browser sends it: Remix compares its Origin with the Host.
const post = (fields: Record<string, string>, cookies: string[] = []) =>
  send("/moderation/labels", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Host: "127.0.0.1" },
    cookies,
  });
const hindiOf = async (label: string) => hindiName(await hindiLabelNames(db), label);

let moderator: Awaited<ReturnType<typeof createSignedInUser>>;
let member: Awaited<ReturnType<typeof createSignedInUser>>;
let momoStall: Awaited<ReturnType<typeof createStall>>;
let fusionStall: Awaited<ReturnType<typeof createStall>>;
beforeAll(async () => {
  moderator = await createSignedInUser(env, { role: "moderator" });
  member = await createSignedInUser(env);
  momoStall = await createStall(env, {
    name: "Dolkar Ling Kitchen",
    category: "Tibetan",
    tags: ["Thukpa Bowls", "Spicy"],
    menu: [{ item: "Steamed momos", price: 80, description: "" }],
  });
  fusionStall = await createStall(env, {
    name: "Zorawar Crossover Grill",
    category: "Zaffrani Fusion",
    tags: [],
  });
});

describe("label names (model)", () => {
  it("sets a name, changes it whatever the label's case, and removes it", async () => {
    const added = await setLabelName(db, { label: "Kebabs and Rolls", hindi: "कबाब-रोल" }, moderator.id);
    expect(await hindiOf("kebabs AND rolls")).toBe("कबाब-रोल");
    const changed = await setLabelName(db, { label: "kebabs and rolls", hindi: "कबाब और रोल" }, moderator.id);
    expect(changed).toEqual({ id: added.id, label: "Kebabs and Rolls", hindi: "कबाब और रोल" });
    expect(await hindiOf("Kebabs and Rolls")).toBe("कबाब और रोल");
    expect(
      (await listLabelNames(db)).filter((row) => row.label.toLowerCase() === "kebabs and rolls"),
    ).toHaveLength(1);

    await deleteLabelName(db, added.id);
    expect(await hindiOf("Kebabs and Rolls")).toBeNull();
    await expect(deleteLabelName(db, added.id)).rejects.toMatchObject({ status: 404 });
  });

  it("lists the labels in use with no Hindi name, leaving out the catalogue's tags", async () => {
    const missing = await labelsWithoutHindi(db);
    expect(missing).toEqual(expect.arrayContaining(["Tibetan", "Thukpa Bowls", "Zaffrani Fusion"]));
    // "Spicy" is a picker tag and "momos" one of /search's example searches: their Hindi is in the catalogue.
    expect(missing).not.toContain("Spicy");
    expect(missing).not.toContain("momos");
    const name = await setLabelName(db, { label: "thukpa bowls", hindi: "थुकपा के कटोरे" }, moderator.id);
    expect(await labelsWithoutHindi(db)).not.toContain("Thukpa Bowls");
    await deleteLabelName(db, name.id);
  });

  it("finds a stall by its label's Hindi name once it has one, and no longer once it is removed", async () => {
    const found = async (query: string) =>
      (await searchStalls(db, query, { limit: 20 })).items.some((item) => item.name === momoStall.name);
    expect(await found("Tibetan")).toBe(true);
    expect(await found("तिब्बती")).toBe(false);
    const name = await setLabelName(db, { label: "Tibetan", hindi: "तिब्बती" }, moderator.id);
    expect(await found("तिब्बती")).toBe(true);
    expect(await found("Tibetan")).toBe(true);
    await deleteLabelName(db, name.id);
    expect(await found("तिब्बती")).toBe(false);
  });

  it("seeds a Hindi name for every label the seed shows: categories, tags, menu words and aliased dishes", async () => {
    const seeded = Object.fromEntries(Object.entries(SEED_LABEL_NAMES).map(([l, h]) => [l.toLowerCase(), h]));
    const hindi = translatorFor("hi");
    const shown = [
      ...ARCHETYPES.flatMap((archetype) => [archetype.category, ...archetype.tags]),
      ...MENU_WORDS,
      ...(await listDishAliases(db)).map((alias) => alias.dish),
    ];
    const unnamed = shown.filter((label) => !hindiName(seeded, label) && hindi(label) === label);
    expect([...new Set(unnamed)]).toEqual([]);
    for (const name of Object.values(SEED_LABEL_NAMES)) expect(name).toMatch(/^[\u0900-\u097F -]+$/);
  });
});

describe("labels on Hindi pages", () => {
  it("shows a label's Hindi name on a Hindi stall page, English on an English one, and English when it has none", async () => {
    const page = async (stall: { shopUniqueId: string }, cookies: string[]) =>
      (await send(`/stall/${stall.shopUniqueId}`, { cookies })).text();
    expect(await page(momoStall, [HINDI])).not.toContain("थुकपा के कटोरे");
    const tibetan = await setLabelName(db, { label: "Tibetan", hindi: "तिब्बती" }, moderator.id);
    const bowls = await setLabelName(db, { label: "Thukpa Bowls", hindi: "थुकपा के कटोरे" }, moderator.id);
    try {
      // The edge keeps an anonymous page by the content version, which the change moved on: this one is new.
      const hindi = await page(momoStall, [HINDI]);
      expect(hindi).toMatch(/>तिब्बती<\/span>|> तिब्बती</);
      expect(hindi).toContain(">थुकपा के कटोरे<");
      expect(hindi).not.toContain(">Thukpa Bowls<");
      const english = await page(momoStall, ["nukkad-lang=en"]);
      expect(english).toContain(">Thukpa Bowls<");
      expect(english).not.toContain("थुकपा के कटोरे");
      // No Hindi name: the label as stored.
      expect(await page(fusionStall, [HINDI])).toContain("Zaffrani Fusion");
    } finally {
      await deleteLabelName(db, tibetan.id);
      await deleteLabelName(db, bowls.id);
    }
  });

  it("names popular tags on /search and cuisines on a trail's stops in Hindi", async () => {
    const trail = await createFoodTrail(env, [momoStall, fusionStall]);
    const momos = await setLabelName(db, { label: "momos", hindi: "मोमोज़" }, moderator.id);
    const bowls = await setLabelName(db, { label: "Thukpa Bowls", hindi: "थुकपा के कटोरे" }, moderator.id);
    const tibetan = await setLabelName(db, { label: "Tibetan", hindi: "तिब्बती" }, moderator.id);
    try {
      const search = await (await send("/search", { cookies: [HINDI] })).text();
      expect(search).toMatch(/<span class="capitalize">मोमोज़<\/span>/);
      expect(search).toMatch(/<span class="capitalize">थुकपा के कटोरे<\/span>/);
      expect(search).not.toMatch(/<span class="capitalize">(momos|Thukpa Bowls)<\/span>/);
      const stops = await (await send(`/food-trails/${trail}`, { cookies: [HINDI] })).text();
      expect(stops).toContain("तिब्बती · ");
      expect(stops).toContain("Zaffrani Fusion · ");
    } finally {
      for (const name of [momos, bowls, tibetan]) await deleteLabelName(db, name.id);
    }
  });
});

describe("/moderation/labels", () => {
  it("is for moderators only: a visitor is sent to sign in, a member finds nothing, and neither can post", async () => {
    const visitor = await send("/moderation/labels");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth\?redirectTo=%2Fmoderation%2Flabels/);
    expect((await send("/moderation/labels", { cookies: [session(member.token)] })).status).toBe(404);

    const attempt = { intent: "set", label: "Tibetan", hindi: "तिब्बती" };
    expect((await post(attempt, [session(member.token)])).status).toBe(404);
    expect((await post(attempt)).status).toBe(302);
    expect(await db.select().from(labelNames).where(eq(labelNames.label, "Tibetan"))).toEqual([]);
  });

  it("lists the labels without a Hindi name, each a link that fills in the form", async () => {
    const response = await send("/moderation/labels?label=Tibetan", { cookies: [session(moderator.token)] });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('href="/moderation/labels?label=Thukpa%20Bowls"');
    expect(html).toMatch(
      /<input[^>]*name="label"[^>]*value="Tibetan"|<input[^>]*value="Tibetan"[^>]*name="label"/,
    );
  });

  it("refuses bad input beside its field and saves nothing", async () => {
    const cookies = [session(moderator.token)];
    const refused = async (fields: Record<string, string>, field: string, message: string) => {
      const answer = await post({ intent: "set", ...fields }, cookies);
      expect(answer.status).toBe(400);
      // The page again, the message beside its field.
      const html = await answer.text();
      expect(html).toMatch(new RegExp(`id="[^"]*-${field}-error"[^>]*>(<[^>]+>)*${message}<`));
    };
    await refused({ label: "", hindi: "तिब्बती" }, "label", "Name the label");
    await refused({ label: "Tibetan", hindi: "   " }, "hindi", "Enter its Hindi name");
    await refused({ label: "Tibetan", hindi: "Tibbati" }, "hindi", "Write the Hindi name in Devanagari");
    await refused({ label: "x".repeat(61), hindi: "तिब्बती" }, "label", "At most 60 characters");
    const badDelete = await post({ intent: "delete", id: "zero" }, cookies);
    expect(badDelete.status).toBe(400);
    const goneDelete = await post({ intent: "delete", id: "999999" }, cookies);
    expect(goneDelete.status).toBe(404);
    expect(await db.select().from(labelNames).where(eq(labelNames.label, "Tibetan"))).toEqual([]);
  });

  it("sets a name a Hindi page then shows, and removes it", async () => {
    const cookies = [session(moderator.token)];
    const saved = await post({ intent: "set", label: "Zaffrani Fusion", hindi: "ज़ाफ़रानी फ़्यूज़न" }, cookies);
    expect(saved.status).toBe(200);
    const [row] = await db.select().from(labelNames).where(eq(labelNames.label, "Zaffrani Fusion"));
    expect(row).toMatchObject({ hindi: "ज़ाफ़रानी फ़्यूज़न", updatedBy: moderator.id });
    expect(await (await send(`/stall/${fusionStall.shopUniqueId}`, { cookies: [HINDI] })).text()).toContain(
      "ज़ाफ़रानी फ़्यूज़न",
    );

    const removed = await post({ intent: "delete", id: String(row?.id) }, cookies);
    expect(removed.status).toBe(200);
    expect(await hindiOf("Zaffrani Fusion")).toBeNull();
  });
});

describe("the API", () => {
  const bearer = (token?: string): Record<string, string> =>
    token ? { Authorization: `Bearer ${token}` } : {};
  const put = (body: unknown, token?: string) =>
    send("/api/moderation/labels", {
      method: "PUT",
      headers: { "Content-Type": "application/json", ...bearer(token) },
      body: JSON.stringify(body),
    });

  it("lets a moderator set and remove a Hindi name, which GET /api/labels lists for anyone", async () => {
    const saved = await put({ label: "Zaffrani Fusion", hindi: "ज़ाफ़रानी फ़्यूज़न" }, moderator.token);
    expect(saved.status).toBe(200);
    const row = (await saved.json()) as { id: number; label: string; hindi: string };
    expect(row).toMatchObject({ label: "Zaffrani Fusion", hindi: "ज़ाफ़रानी फ़्यूज़न" });
    const listed = (await (await send("/api/labels")).json()) as {
      labels: { label: string; hindi: string }[];
    };
    expect(listed.labels).toContainEqual({ id: row.id, label: "Zaffrani Fusion", hindi: "ज़ाफ़रानी फ़्यूज़न" });

    const removed = await send(`/api/moderation/labels/${row.id}`, {
      method: "DELETE",
      headers: bearer(moderator.token),
    });
    expect(removed.status).toBe(200);
    const again = await send(`/api/moderation/labels/${row.id}`, {
      method: "DELETE",
      headers: bearer(moderator.token),
    });
    expect(again.status).toBe(404);
  });

  it("refuses a visitor (401) and a member (403), and bad input (400) naming the field", async () => {
    const body = { label: "Tibetan", hindi: "तिब्बती" };
    expect((await put(body)).status).toBe(401);
    expect((await put(body, member.token)).status).toBe(403);
    expect(
      (await send("/api/moderation/labels/1", { method: "DELETE", headers: bearer(member.token) })).status,
    ).toBe(403);
    const latin = await put({ label: "Tibetan", hindi: "Tibbati" }, moderator.token);
    expect(latin.status).toBe(400);
    expect(await latin.json()).toEqual({
      error: "hindi: Write the Hindi name in Devanagari",
      field: "hindi",
    });
    expect((await put({ label: "", hindi: "तिब्बती" }, moderator.token)).status).toBe(400);
    expect(
      (await send("/api/moderation/labels/abc", { method: "DELETE", headers: bearer(moderator.token) }))
        .status,
    ).toBe(400);
    expect(await db.select().from(labelNames).where(eq(labelNames.label, "Tibetan"))).toEqual([]);
  });
});
