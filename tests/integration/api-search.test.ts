import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { stalls } from "~/db/schema";
import { addDishAlias, deleteDishAlias, listDishAliases } from "~/models/dish-alias.server";
import { searchStalls } from "~/models/search.server";
import { newStallStatements } from "~/models/stall/stall.server";
import { createStall, createUser, stallData } from "../factories";

type Results = {
  query: string;
  total: number;
  totalCapped: boolean;
  items: { id: string; name: string; price_range: string; tags: string[] }[];
  nextCursor: string | null;
  relatedTags: { name: string; count: number; trending: boolean }[];
  didYouMean: string | null;
  error?: string;
  field?: string;
};

async function get<T>(path: string) {
  const response = await api.request(path, {}, env);
  return { status: response.status, body: (await response.json()) as T };
}

const search = (q: string, extra = "") => get<Results>(`/api/search?q=${encodeURIComponent(q)}${extra}`);

beforeAll(async () => {
  const user = await createUser(env);
  await createStall(env, {
    name: "Hyderabadi Biryani House",
    description: "Slow-cooked dum biryani.",
    category: "Biryani",
    location: "Frazer Town, Bangalore",
    tags: ["Spicy", "Dinner"],
    discoveryTags: ["popular spot"],
    menu: [{ item: "Chicken Biryani", price: 180, description: "Seeraga samba" }],
  });
  await createStall(env, {
    name: "Raju Chaat Corner",
    description: "Known across town for its biryani-stuffed samosa.",
    category: "Chaat",
    location: "VV Puram, Bangalore",
    tags: ["Cheap", "Street Food", "Snacks"],
    discoveryTags: ["hidden gem"],
    menu: [{ item: "Samosa", price: 20, description: "Potato filling" }],
  });
  await createStall(env, {
    name: "Filter Coffee Point",
    description: "Strong coffee in steel tumblers.",
    category: "Drinks",
    location: "Malleshwaram, Bangalore",
    tags: ["Coffee", "Cheap", "Breakfast"],
    discoveryTags: [],
    menu: [
      { item: "Filter Coffee", price: 25, description: "" },
      { item: "Masala Dosa", price: 70, description: "With chutney" },
    ],
  });
  for (const place of ["Lajpat Nagar", "Karol Bagh", "Kamla Nagar"]) {
    await createStall(env, {
      name: `${place} Momos`,
      description: "Steamed and fried momos.",
      category: "Tibetan",
      location: `${place}, Delhi`,
      tags: ["Chinese", "Spicy"],
      discoveryTags: ["student favourite"],
      menu: [
        { item: "Steamed Momos", price: 80, description: "" },
        { item: "Masala Dosa", price: 60, description: "" },
      ],
    });
  }
  await createStall(env, {
    name: "Secret Biryani Den",
    description: "Pending review.",
    status: "pending",
    createdBy: user.id,
    tags: ["Spicy"],
    menu: [{ item: "Biryani", price: 100, description: "" }],
  });
  await createStall(env, {
    name: "Rejected Biryani Cart",
    description: "Not real.",
    status: "rejected",
    statusReason: "Duplicate",
    createdBy: user.id,
    tags: ["Spicy"],
  });
});

describe("GET /api/search", () => {
  it("ranks a name match first, then other matches", async () => {
    const { status, body } = await search("biryani");
    expect(status).toBe(200);
    expect(body.items.map((s) => s.name)).toEqual(["Hyderabadi Biryani House", "Raju Chaat Corner"]);
    expect(body.total).toBe(2);
  });

  it("finds substrings, case-insensitively ('iry' finds biryani)", async () => {
    const { body } = await search("IRY");
    expect(body.items.map((s) => s.name)).toContain("Hyderabadi Biryani House");
  });

  it("searches menu items, locations, categories and tags", async () => {
    expect((await search("samba")).body.items.map((s) => s.name)).toEqual(["Hyderabadi Biryani House"]);
    expect((await search("malleshwaram")).body.items.map((s) => s.name)).toEqual(["Filter Coffee Point"]);
    expect((await search("tibetan")).body.total).toBe(3);
    expect((await search("hidden gem")).body.items.map((s) => s.name)).toEqual(["Raju Chaat Corner"]);
  });

  it("ranks stalls holding the word whole before ones holding it only inside a longer word", async () => {
    await createStall(env, {
      name: "Evening Snacks Cart",
      description: "Hot jalebi off Raju's kadhai, samosas and more, late into the night near the bus stand.",
      category: "Snacks",
      tags: ["Snacks"],
      discoveryTags: [],
      menu: [],
    });
    await createStall(env, {
      name: "Sweet Tooth",
      description: "Sweets.",
      category: "Sweets",
      tags: ["Dessert"],
      discoveryTags: [],
      menu: [{ item: "Jalebirabri", price: 60, description: "" }],
    });
    // By bm25 alone the menu (weight 2) would beat a long description (weight 1).
    const { body } = await search("jalebi");
    expect(body.items.map((s) => s.name)).toEqual(["Evening Snacks Cart", "Sweet Tooth"]);
    expect(body.total).toBe(2);
    // A word the words index would split ("raju" and "s") is still found, as text.
    expect((await search("raju's kadhai")).body.items.map((s) => s.name)).toEqual(["Evening Snacks Cart"]);
  });

  it("requires every word", async () => {
    expect((await search("momos karol")).body.items.map((s) => s.name)).toEqual(["Karol Bagh Momos"]);
  });

  it("never returns pending or rejected stalls", async () => {
    const names = (await search("biryani")).body.items.map((s) => s.name);
    expect(names).not.toContain("Secret Biryani Den");
    expect(names).not.toContain("Rejected Biryani Cart");
    expect((await search("secret")).body.total).toBe(0);
  });

  it("keeps the index in step when a stall is approved or rejected", async () => {
    await env.DB.prepare("UPDATE stalls SET status = 'approved' WHERE name = 'Secret Biryani Den'").run();
    expect((await search("secret")).body.total).toBe(1);
    await env.DB.prepare(
      "UPDATE stalls SET status = 'rejected', status_reason = 'Closed' WHERE name = 'Secret Biryani Den'",
    ).run();
    expect((await search("secret")).body.total).toBe(0);
  });

  it("keeps both indexes in step when a stall is renamed, re-described or deleted", async () => {
    await createStall(env, {
      name: "Ghost Kitchen Rolls",
      description: "Kathi rolls off a tawa.",
      tags: ["Snacks"],
      discoveryTags: [],
      menu: [],
    });
    const suggestions = async (q: string) =>
      (await get<{ suggestions: string[] }>(`/api/search/suggest?q=${q}`)).body.suggestions;
    expect((await search("ghost")).body.items.map((s) => s.name)).toEqual(["Ghost Kitchen Rolls"]);

    await env.DB.prepare("UPDATE stalls SET name = 'Phantom Rolls' WHERE name = 'Ghost Kitchen Rolls'").run();
    expect((await search("ghost")).body).toMatchObject({ total: 0, items: [] });
    expect((await search("phantom")).body.items.map((s) => s.name)).toEqual(["Phantom Rolls"]);
    expect(await suggestions("ghost")).toEqual([]);
    expect(await suggestions("phant")).toEqual(["Phantom Rolls"]);

    await env.DB.prepare(
      "UPDATE stalls SET description = 'Frankie wraps.' WHERE name = 'Phantom Rolls'",
    ).run();
    expect((await search("kathi")).body.total).toBe(0);
    expect((await search("frankie")).body.items.map((s) => s.name)).toEqual(["Phantom Rolls"]);

    // Columns outside the search document leave it alone, and the stall stays findable.
    await env.DB.prepare(
      "UPDATE stalls SET rating_average = 4.5, rating_count = 2 WHERE name = 'Phantom Rolls'",
    ).run();
    expect((await search("phantom rolls")).body.items.map((s) => s.name)).toEqual(["Phantom Rolls"]);

    await env.DB.prepare("DELETE FROM stalls WHERE name = 'Phantom Rolls'").run();
    expect((await search("phantom")).body).toMatchObject({ total: 0, items: [] });
    expect((await search("frankie")).body).toMatchObject({ total: 0, items: [] });
    expect(await suggestions("phant")).toEqual([]);
  });

  it("answers related tags with counts and trending flags, and a price range per stall", async () => {
    const { body } = await search("momos");
    expect(body.relatedTags).toEqual(
      expect.arrayContaining([
        { name: "Spicy", count: 3, trending: false },
        { name: "Chinese", count: 3, trending: false },
      ]),
    );
    const coffee = await search("coffee");
    expect(coffee.body.relatedTags).toEqual(
      expect.arrayContaining([{ name: "Coffee", count: 1, trending: true }]),
    );
    expect(coffee.body.items[0]?.price_range).toBe("₹");
    expect(body.items[0]?.price_range).toBe("₹₹");
  });

  it("falls back to names and tags for one- and two-letter queries", async () => {
    const { body } = await search("Sp");
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.items.every((s) => /sp/i.test(s.name) || s.tags.some((t) => /sp/i.test(t)))).toBe(true);
  });

  it("lists names holding a short query before stalls that only carry it in a tag", async () => {
    await createStall(env, {
      name: "Rasam Spot",
      description: "Pepper rasam by the glass.",
      tags: ["Soup"],
      discoveryTags: [],
      menu: [],
      ratingAverage: null,
      ratingCount: 0,
    });
    const { body } = await search("Sp");
    expect(body.items[0]?.name).toBe("Rasam Spot");
    expect(body.items.slice(1).every((s) => !/sp/i.test(s.name))).toBe(true);
  });

  it("pages with a cursor", async () => {
    const first = await search("momos", "&limit=2");
    expect(first.body.items).toHaveLength(2);
    const second = await search("momos", `&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    const all = [...first.body.items, ...second.body.items].map((s) => s.id);
    expect(new Set(all).size).toBe(3);
  });

  it("pages through hundreds of matches, name matches first", async () => {
    const db = getDb(env.DB);
    const statements = [];
    for (let i = 0; i < 240; i++) {
      const named = i % 4 === 0;
      statements.push(
        ...newStallStatements(
          db,
          stallData({
            name: named ? `Kulfi Corner ${i}` : `Sweet Stop ${i}`,
            description: named ? "Frozen treats" : "Kulfi falooda and more",
            tags: ["Dessert"],
            discoveryTags: [],
            menu: [],
          }),
        ).statements,
      );
    }
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: Results } = await search("kulfi", `&limit=50${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.body.total).toBe(240);
      names.push(...page.body.items.map((s) => s.name));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(names).toHaveLength(240);
    expect(new Set(names).size).toBe(240);
    expect(names.slice(0, 60).every((name) => name.startsWith("Kulfi Corner"))).toBe(true);
    expect(names.slice(60).every((name) => name.startsWith("Sweet Stop"))).toBe(true);
  });

  it.each([
    ["", "q"],
    ["   ", "q"],
    [undefined, "q"],
  ])("answers 400 for the empty query %j", async (q, field) => {
    const { status, body } = await get<Results>(
      q === undefined ? "/api/search" : `/api/search?q=${encodeURIComponent(q)}`,
    );
    expect(status).toBe(400);
    expect(body.field).toBe(field);
  });

  it("answers 400 for a bad limit or cursor", async () => {
    expect((await search("dosa", "&limit=0")).status).toBe(400);
    expect((await search("dosa", "&cursor=-5")).status).toBe(400);
  });

  it("treats FTS syntax typed by people as text and never fails (1,000 random strings)", async () => {
    const db = getDb(env.DB);
    const specials = fc.constantFrom(
      '"',
      "*",
      "-",
      "NEAR",
      "(",
      ")",
      ":",
      "^",
      "AND",
      "OR",
      "NOT",
      "'",
      "\\",
      "%",
      "_",
      " ",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.string({ maxLength: 6 }), specials), { minLength: 1, maxLength: 8 }),
        async (parts) => {
          const query = parts.join("");
          if (query.trim() === "") return;
          const results = await searchStalls(db, query, { limit: 5 });
          expect(results.total).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 1000 },
    );
    // 1,000 searches: about 2 s alone, but the 5 s default ran out on a machine shared with other test runs.
  }, 30_000);

  it("counts exactly up to 1,000 matches, then says 1,000+ and lists name matches first, then the newest others", async () => {
    const db = getDb(env.DB);
    const addZardaStalls = async (from: number, to: number) => {
      const statements = [];
      for (let i = from; i < to; i++) {
        const named = i % 10 === 0;
        statements.push(
          ...newStallStatements(
            db,
            stallData({
              name: named ? `Zarda Paan ${i}` : `Paan Wala ${i}`,
              description: named ? "Sweet paan" : "Meetha paan with zarda",
              tags: ["Zesty"],
              discoveryTags: [],
              menu: [],
            }),
          ).statements,
        );
      }
      await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    };
    await addZardaStalls(0, 1000);
    const exact = await search("zarda");
    expect(exact.body).toMatchObject({ total: 1000, totalCapped: false });
    expect(exact.body.items.every((s) => s.name.startsWith("Zarda Paan"))).toBe(true);
    // Short queries count with the same cap (the tag "Zesty" holds "ze").
    expect((await search("ze")).body).toMatchObject({ total: 1000, totalCapped: false });

    await addZardaStalls(1000, 1003);
    const capped = await search("zarda");
    expect(capped.body).toMatchObject({ total: 1000, totalCapped: true });
    expect((await search("ze")).body).toMatchObject({ total: 1000, totalCapped: true });
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: Results } = await search("zarda", `&limit=50${cursor ? `&cursor=${cursor}` : ""}`);
      names.push(...page.body.items.map((s) => s.name));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(names).toHaveLength(1000);
    expect(new Set(names).size).toBe(1000);
    // Every stall named for the word leads, the oldest too (the name column has its own 1,000 newest); the
    // other matches follow from the 1,000 newest, so the two oldest of them are left out.
    expect(names).toContain("Zarda Paan 0");
    expect(names).toContain("Zarda Paan 1000");
    expect(names.slice(0, 101).every((name) => name.startsWith("Zarda Paan"))).toBe(true);
    expect(names.slice(101).every((name) => name.startsWith("Paan Wala"))).toBe(true);
    expect(names).not.toContain("Paan Wala 1");
    expect(names).not.toContain("Paan Wala 2");
    // A page past the last match is empty rather than an error.
    const beyond = await search("zarda", "&cursor=1000");
    expect(beyond.body).toMatchObject({ items: [], nextCursor: null, total: 1000, totalCapped: true });
  });
});

describe("GET /api/search/suggest", () => {
  it("suggests nothing under two characters", async () => {
    expect((await get<{ suggestions: string[] }>("/api/search/suggest?q=d")).body.suggestions).toEqual([]);
  });

  it("suggests at most five, from tags, discovery labels, menu words and stall names", async () => {
    const { body } = await get<{ suggestions: string[] }>("/api/search/suggest?q=co");
    expect(body.suggestions.length).toBeLessThanOrEqual(5);
    expect(body.suggestions).toEqual(expect.arrayContaining(["Coffee", "coffee"]));
    const names = await get<{ suggestions: string[] }>("/api/search/suggest?q=hyderabad");
    expect(names.body.suggestions).toEqual(["Hyderabadi Biryani House"]);
    const inside = await get<{ suggestions: string[] }>("/api/search/suggest?q=point");
    expect(inside.body.suggestions).toEqual(["Filter Coffee Point"]);
    const twoLetters = await get<{ suggestions: string[] }>("/api/search/suggest?q=ra");
    expect(twoLetters.body.suggestions).toContain("Raju Chaat Corner");
    const labels = await get<{ suggestions: string[] }>("/api/search/suggest?q=hidden");
    expect(labels.body.suggestions).toContain("Hidden Gem");
    const menu = await get<{ suggestions: string[] }>("/api/search/suggest?q=sam");
    expect(menu.body.suggestions).toContain("samosa");
  });

  it("never suggests a pending stall's name", async () => {
    const { body } = await get<{ suggestions: string[] }>("/api/search/suggest?q=Rejected");
    expect(body.suggestions).toEqual([]);
  });
});

describe("GET /api/categories and /api/tags", () => {
  it("counts approved stalls per discovery label", async () => {
    const { body } = await get<{ categories: { value: string; name: string; count: number }[] }>(
      "/api/categories",
    );
    expect(body.categories).toHaveLength(7);
    expect(body.categories.find((c) => c.value === "student favourite")?.count).toBe(3);
    expect(body.categories.find((c) => c.value === "hidden gem")).toMatchObject({
      name: "Hidden Gem",
      count: 1,
    });
  });

  it("counts tags with the spec's trending flags, menu words trending past two shops", async () => {
    const { body } = await get<{ tags: { name: string; count: number; trending: boolean }[] }>("/api/tags");
    expect(body.tags.find((t) => t.name === "Spicy")).toEqual({ name: "Spicy", count: 4, trending: false });
    expect(body.tags.find((t) => t.name === "Cheap")).toEqual({ name: "Cheap", count: 2, trending: true });
    expect(body.tags.find((t) => t.name === "dosa")).toEqual({ name: "dosa", count: 4, trending: true });
    expect(body.tags.find((t) => t.name === "samosa")).toEqual({ name: "samosa", count: 1, trending: false });
  });
});

describe("search across scripts and spellings (ADR 018)", () => {
  const names = async (q: string) => (await search(q)).body.items.map((s) => s.name).sort();
  const suggestions = async (q: string) =>
    (await get<{ suggestions: string[] }>(`/api/search/suggest?q=${encodeURIComponent(q)}`)).body.suggestions;

  beforeAll(async () => {
    await createStall(env, {
      name: "गोलगप्पे वाला",
      description: "चटपटे गोलगप्पे",
      category: "चाट",
      location: "Chandni Chowk, Delhi",
      tags: ["Chaat"],
      discoveryTags: [],
      menu: [{ item: "गोलगप्पे", price: 30, description: "" }],
    });
    await createStall(env, {
      name: "Sharma Golgappa Corner",
      description: "Six golgappas with jaljeera.",
      category: "Chaat",
      location: "Lajpat Nagar, Delhi",
      tags: ["Chaat"],
      discoveryTags: [],
      menu: [{ item: "Golgappa", price: 30, description: "" }],
    });
    await createStall(env, {
      name: "Kolkata Puchka Wala",
      description: "Tamarind water, Calcutta style.",
      category: "Chaat",
      location: "CR Park, Delhi",
      tags: ["Chaat"],
      discoveryTags: [],
      menu: [{ item: "Puchka", price: 40, description: "" }],
    });
  });

  const panipuri = ["Kolkata Puchka Wala", "Sharma Golgappa Corner", "गोलगप्पे वाला"];

  it("finds the same stalls for every spelling, in either script, and for every name of the dish", async () => {
    for (const q of [
      "golgappa",
      "golgappe",
      "gol gappa",
      "गोलगप्पे",
      "puchka",
      "पानी पूरी",
      "pani puri",
      "golgappas",
    ]) {
      expect(await names(q), q).toEqual(panipuri);
    }
  });

  it("finds a stall named in Devanagari by its name in Roman letters, and the other way round", async () => {
    expect(await names("golgappe chandni")).toEqual(["गोलगप्पे वाला"]);
    expect(await names("शर्मा गोलगप्पा")).toEqual(["Sharma Golgappa Corner"]);
  });

  it("finds singular and plural alike", async () => {
    expect(await names("samosas")).toEqual(await names("samosa"));
    expect(await names("samosas")).toContain("Raju Chaat Corner");
  });

  it("offers Did you mean for a query that found nothing, and nothing when it found something", async () => {
    const { body } = await search("samsoa");
    expect(body).toMatchObject({ total: 0, items: [], didYouMean: "samosa" });
    expect((await search(body.didYouMean ?? "")).body.total).toBeGreaterThan(0);
    expect((await search("biryani")).body.didYouMean).toBeNull();
    expect((await search("qxzvwk")).body).toMatchObject({ total: 0, didYouMean: null });
  });

  it("suggests a dish in the script it is typed in, and stall names as they are written", async () => {
    const roman = await suggestions("golga");
    expect(roman).toContain("golgappa");
    expect(roman).toContain("गोलगप्पे वाला");
    expect(roman).toContain("Sharma Golgappa Corner");
    const devanagari = await suggestions("पानी");
    expect(devanagari[0]).toBe("पानी पूरी");
    expect(await suggestions("गोलगप्पे")).toEqual(expect.arrayContaining(["गोलगप्पे", "गोलगप्पे वाला"]));
  });

  it("searches by an alias a moderator adds as soon as it is added, and forgets it when it is removed", async () => {
    const [moderator] = await Promise.all([createUser(env, { role: "moderator" })]);
    const db = getDb(env.DB);
    expect((await search("batashe")).body.total).toBe(0);
    const added = await addDishAlias(db, { dish: "pani puri", alias: "batashe" }, moderator.id);
    expect(await names("batashe")).toEqual(panipuri);
    await expect(addDishAlias(db, { dish: "chai", alias: "BATASHE" }, moderator.id)).rejects.toMatchObject({
      status: 409,
      field: "alias",
    });
    await expect(addDishAlias(db, { dish: "chai", alias: "!!" }, moderator.id)).rejects.toMatchObject({
      status: 400,
    });
    await deleteDishAlias(db, added.id, moderator.id);
    expect((await search("batashe")).body.total).toBe(0);
    await expect(deleteDishAlias(db, added.id, moderator.id)).rejects.toMatchObject({ status: 404 });
    // The migration's aliases: at least 60, of dishes from North and South India.
    const seeded = await listDishAliases(db);
    expect(seeded.length).toBeGreaterThanOrEqual(60);
    expect(seeded.map((a) => a.dish)).toEqual(
      expect.arrayContaining(["pani puri", "dosa", "idli", "chole bhature"]),
    );
  });

  it("indexes a stall by its text when its text changes without its keys", async () => {
    const db = getDb(env.DB);
    await env.DB.prepare("UPDATE stalls SET name = 'Puchka Palace' WHERE name = 'Kolkata Puchka Wala'").run();
    const [row] = await db
      .select({ keys: stalls.searchKeys })
      .from(stalls)
      .where(eq(stalls.name, "Puchka Palace"));
    expect(row?.keys).toBeNull();
    expect(await names("puchka palace")).toEqual(["Puchka Palace"]);
    expect(await names("golgappa")).toContain("Puchka Palace");
  });
});
