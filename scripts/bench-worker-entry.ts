// The Worker that scripts/bench.ts measures: run in workerd by Miniflare with the D1 binding (and KV for the
// notifications), one endpoint per step of the benchmark. bench.ts bundles this file for workerd
// (scripts/lib/bench-worker.ts), so it imports only what runs there: the app's code and the Worker sides of the
// community and notifications sections. The Node side (Miniflare, wrangler, and the sections that drive Chromium)
// stays in bench.ts and the files it loads (docs/decisions/039-start-cache-and-bench-bundling.md).
import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { getDb } from "../app/db/client.server";
import { stalls } from "../app/db/schema";
import { hashPassword } from "../app/lib/auth/password";
import { expandQuery } from "../app/lib/rules/alias";
import { distanceKm, type LatLng } from "../app/lib/rules/geo";
import { viewBox } from "../app/lib/rules/nearby-plan";
import {
  MENU_WORDS,
  normaliseQuery,
  SEARCH_MATCH_CAP,
  typedWordsImplyTerms,
} from "../app/lib/rules/search-query";
import { MAX_BOX_STALLS } from "../app/lib/schemas/stall-query-fields";
import { searchAliases } from "../app/models/dish-alias.server";
import { generateTrail } from "../app/models/food-trail/food-trail.server";
import { discoveryCategories, searchStalls, suggest, tagCounts } from "../app/models/search.server";
import {
  findNearbyStalls,
  findStallsInBox,
  listColumns,
  type NewStall,
  newStallStatements,
  toStallListItem,
} from "../app/models/stall/stall.server";
import { communityRoute } from "./bench-community";
import { notificationsRoute } from "./bench-notifications";

const RADIUS_KM = 5;
const LIMIT = 24;
/** A page of search results, on both sides of the comparison. */
export const SEARCH_LIMIT = 20;
/** Feeling Hungry's generator plans from a Wednesday evening (most stalls are open then, so the figures do not
 * depend on when the benchmark runs). */
export const GENERATE_START = "2026-11-25T18:30:00+05:30";
/** As searchStalls (app/models/search.server.ts): related tags are the 10 most common among the best 200. */
export const RELATED_TAGS = { sample: 200, shown: 10 };

/** What both sides of the search comparison answer, small so that timings compare queries, not serialising. */
export interface SearchAnswer {
  returned: number;
  total: number;
  totalCapped: boolean;
  relatedTags: number;
}

/** What the generator bench reads of a generated trail. */
export interface GenerateAnswer {
  stops: number;
  walkingKm: number;
}

/** A search's answer as both sides report it: public ids with exact (unrounded) distances, nearest first. */
export interface SearchResult {
  found: { id: string; distance: number }[];
  rowsRead: number;
}

interface BenchEnv {
  DB: D1Database;
}

const json = (value: unknown) => Response.json(value);

function pointOf(url: URL): LatLng {
  return { lat: Number(url.searchParams.get("lat")), lng: Number(url.searchParams.get("lng")) };
}

async function nearbySearch(env: BenchEnv, center: LatLng): Promise<SearchResult> {
  const page = await findNearbyStalls(getDb(env.DB), { center, radiusKm: RADIUS_KM, limit: LIMIT });
  return {
    // Items carry only the rounded distance; the exact one lets ties be told apart from real differences.
    found: page.items.map((item) => ({
      id: item.shop_unique_id,
      distance: distanceKm(center, { lat: item.latitude, lng: item.longitude }),
    })),
    rowsRead: page.rowsRead,
  };
}

/** Discover's map query (GET /api/shop?bbox, ADR 015): the box a desktop map (1152 x 500 px, Discover's widest)
 * shows at zoom 13 around the point, at most MAX_BOX_STALLS stalls. */
async function boxSearch(env: BenchEnv, center: LatLng) {
  const { items, truncated, rowsRead } = await findStallsInBox(getDb(env.DB), {
    box: viewBox(center, 13, 1152, 500),
    near: center,
    limit: MAX_BOX_STALLS,
  });
  return { returned: items.length, truncated, rowsRead };
}

/** The spec prototype: every approved stall, distances in JS, nearest first (ties by id, as the search does). */
async function naiveSearch(env: BenchEnv, center: LatLng): Promise<SearchResult> {
  const query = getDb(env.DB).select(listColumns).from(stalls).where(eq(stalls.status, "approved")).toSQL();
  // On the binding rather than through drizzle, so that D1's meta (rows_read) comes back with the rows.
  const { results, meta } = await env.DB.prepare(query.sql)
    .bind(...query.params)
    .all<{ id: number; shop_unique_id: string; latitude: number; longitude: number }>();
  const found = results
    .map((row) => ({
      rowId: row.id,
      id: row.shop_unique_id,
      distance: distanceKm(center, { lat: row.latitude, lng: row.longitude }),
    }))
    .filter((row) => row.distance <= RADIUS_KM)
    .sort((a, b) => a.distance - b.distance || a.rowId - b.rowId)
    .slice(0, LIMIT)
    .map(({ id, distance }) => ({ id, distance }));
  return { found, rowsRead: meta.rows_read ?? 0 };
}

/** The search document's columns (migrations/0008's stall_search_documents view): the loose keys, and the text as
 * written for a stall that has none. */
const KEY_COLUMNS = ["name_key", "tags_key", "menu_key", "body_key"].map((column) => sql.raw(column));
const TEXT_COLUMNS = ["name", "tags", "menu", "body"].map((column) => sql.raw(column));

/** 3+ characters, as the trigram index needs; a longer alternative holding a shorter one adds nothing. None of the
 * bench's queries holds a LIKE wildcard, so they need no escaping. */
const longAlternatives = (alternatives: readonly string[]) => {
  const long = [...new Set(alternatives)].filter((text) => [...text].length >= 3);
  return long.filter((text) => !long.some((other) => other !== text && text.includes(other)));
};
const anyColumnHolds = (columns: SQL[], text: string) =>
  or(...columns.map((c) => sql`${c} LIKE ${`%${text}%`}`));

/** What searchStalls matches, as LIKE conditions over the same document: every term of the query (each by any of
 * the names its dish goes by, ADR 018) in the loose keys, or else every word as typed in the text. */
async function likeConditions(env: BenchEnv, q: string) {
  const query = normaliseQuery(q);
  const terms = expandQuery(query, (await searchAliases(getDb(env.DB))).index)
    .map(longAlternatives)
    .filter((alternatives) => alternatives.length > 0);
  const typedWords = query.split(" ").filter((word) => [...word].length >= 3);
  const byKeys = (columns: SQL[]) =>
    terms.length > 0
      ? and(...terms.map((alts) => or(...alts.map((alt) => anyColumnHolds(columns, alt)))))
      : null;
  const byText = (columns: SQL[]) =>
    typedWords.length > 0 && !typedWordsImplyTerms(query, terms)
      ? and(...typedWords.map((word) => anyColumnHolds(columns, word.toLowerCase())))
      : null;
  const either = (a: SQL | null | undefined, b: SQL | null | undefined) => (a && b ? or(a, b) : (a ?? b));
  return {
    everyWord: either(byKeys(KEY_COLUMNS), byText(TEXT_COLUMNS)) ?? sql`0`,
    nameHit: either(byKeys(KEY_COLUMNS.slice(0, 1)), byText(TEXT_COLUMNS.slice(0, 1))) ?? sql`0`,
  };
}

/**
 * searchStalls' answer found with a LIKE scan instead of the indexes: every approved stall's document is read and
 * matched as the indexes match it (likeConditions; LIKE ignores ASCII case, as the trigram index does). Like the
 * FTS side it yields the capped total, ranks the 1,000 newest matches (name matches first), reads the tags of the
 * best 200 for the related tags and the list columns of the page's stalls. The scan cannot stop early: the total
 * counts every match, and so must bm25, whose weight for a word depends on how many stalls hold it. What it leaves
 * out is computing the bm25 scores of its candidates (it orders them newest first), so the comparison favours LIKE.
 */
async function likeSearch(env: BenchEnv, q: string) {
  const { everyWord, nameHit } = await likeConditions(env, q);
  const db = getDb(env.DB);
  const candidates = sql`SELECT id, ${nameHit} AS name_hit, count(*) OVER () AS matches
    FROM stall_search_documents WHERE ${everyWord} ORDER BY id DESC LIMIT ${SEARCH_MATCH_CAP}`;
  const best = sql`SELECT id, name_hit, matches FROM (${candidates})
    ORDER BY name_hit DESC, id DESC LIMIT ${RELATED_TAGS.sample}`;
  const ranked = await db
    .select({ id: stalls.id, tags: stalls.tags, matches: sql<number>`best.matches` })
    .from(stalls)
    .innerJoin(sql`(${best}) AS best`, sql`best.id = ${stalls.id}`)
    .orderBy(sql`best.name_hit DESC`, desc(stalls.id));
  const pageIds = ranked.slice(0, SEARCH_LIMIT).map((row) => row.id);
  const pageRows =
    pageIds.length > 0 ? await db.select(listColumns).from(stalls).where(inArray(stalls.id, pageIds)) : [];
  const now = new Date();
  const page = pageRows.map((row) => toStallListItem(row, now));
  const matched = ranked[0]?.matches ?? 0;
  const tagCounts = new Map<string, number>();
  for (const row of ranked) for (const tag of row.tags) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
  const relatedTags = [...tagCounts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, RELATED_TAGS.shown);
  return {
    returned: page.length,
    total: Math.min(matched, SEARCH_MATCH_CAP),
    totalCapped: matched > SEARCH_MATCH_CAP,
    relatedTags: relatedTags.length,
  };
}

/** The /search page's counts in the shape both sides answer: value or name -> approved stalls. */
export interface PageCounts {
  categories: Record<string, number>;
  tags: Record<string, number>;
}

/**
 * The page's counts recounted over every approved stall, as the page did before the count tables: discovery tags
 * and tags through their join tables ('trending now' from the trending score), menu words in the menu text as migration 0006's triggers match them (menu
 * words that are also tags are left to the tag). One round trip; the page used to make two.
 */
async function pageRecount(env: BenchEnv): Promise<PageCounts> {
  const [categories, tags, ...menu] = await env.DB.batch<{ tag: string; n: number }>([
    // 'trending now' is earned from the hourly job's score, not given (ADR 022), whatever tags a stall was sent with.
    env.DB.prepare(`SELECT tag, count(*) AS n FROM stall_discovery_tags JOIN stalls ON stalls.id = stall_id
      WHERE status = 'approved' AND tag <> 'trending now' GROUP BY tag
      UNION ALL SELECT 'trending now', count(*) FROM stalls WHERE status = 'approved' AND trending_score > 0
      HAVING count(*) > 0`),
    env.DB.prepare(`SELECT tag, count(*) AS n FROM stall_tags JOIN stalls ON stalls.id = stall_id
      WHERE status = 'approved' GROUP BY tag`),
    ...MENU_WORDS.map((word) =>
      env.DB.prepare(
        "SELECT ? AS tag, count(*) AS n FROM stall_search_documents WHERE menu LIKE '%' || ? || '%'",
      ).bind(word, word),
    ),
  ]);
  const counted = (rows: { tag: string; n: number }[] = []) => rows.map((row) => [row.tag, row.n] as const);
  const tagged = counted(tags?.results);
  const tagNames = new Set(tagged.map(([tag]) => tag.toLowerCase()));
  const words = menu
    .flatMap((answer) => counted(answer.results))
    .filter(([w, n]) => n > 0 && !tagNames.has(w));
  return {
    categories: Object.fromEntries(counted(categories?.results)),
    tags: Object.fromEntries([...tagged, ...words]),
  };
}

export const benchWorker = {
  async fetch(request, env) {
    const url = new URL(request.url);
    switch (url.pathname) {
      case "/ping":
        return new Response("");
      case "/hash":
        // What a sign-up, a reset or a sign-in costs in password work (verifying costs the same as hashing).
        await hashPassword(`bench password ${url.searchParams.get("n")}`);
        return new Response("");
      case "/migrate": {
        const statements = (await request.json()) as string[];
        await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
        return new Response("");
      }
      case "/seed": {
        const db = getDb(env.DB);
        const batch = (await request.json()) as NewStall[];
        const statements = batch.flatMap((stall) => newStallStatements(db, stall).statements);
        await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
        return new Response("");
      }
      case "/plan": {
        // The shape of one of the search's range reads (app/models/stall.server.ts), columns included: selecting
        // fewer would show a covering-index plan that the real query does not get.
        const select = getDb(env.DB)
          .select(listColumns)
          .from(stalls)
          .where(sql`${stalls.status} = 'approved' AND ${stalls.gridCell} BETWEEN 1 AND 5`)
          .toSQL();
        const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${select.sql}`)
          .bind(...select.params)
          .all<{ detail: string }>();
        return json(results.map((row) => row.detail).join("; "));
      }
      case "/nearby":
        return json(await nearbySearch(env, pointOf(url)));
      case "/naive":
        return json(await naiveSearch(env, pointOf(url)));
      case "/box":
        return json(await boxSearch(env, pointOf(url)));
      case "/search": {
        // Small answers on both sides, so that the timings compare the queries rather than serialising.
        const results = await searchStalls(getDb(env.DB), url.searchParams.get("q") ?? "", {
          limit: SEARCH_LIMIT,
        });
        return json({
          returned: results.items.length,
          total: results.total,
          totalCapped: results.totalCapped,
          relatedTags: results.relatedTags.length,
        } satisfies SearchAnswer);
      }
      case "/like":
        return json((await likeSearch(env, url.searchParams.get("q") ?? "")) satisfies SearchAnswer);
      case "/suggest":
        return json((await suggest(getDb(env.DB), url.searchParams.get("q") ?? "")).length);
      case "/page-counts": {
        // What the /search loader reads besides the search itself, both at once as it does.
        const db = getDb(env.DB);
        const [categories, tags] = await Promise.all([discoveryCategories(db), tagCounts(db)]);
        return json({
          categories: Object.fromEntries(
            categories.filter((c) => c.count > 0).map((c) => [c.value, c.count]),
          ),
          tags: Object.fromEntries(tags.map((t) => [t.name, t.count])),
        } satisfies PageCounts);
      }
      case "/page-recount":
        return json(await pageRecount(env));
      case "/generate": {
        const { lat, lng } = pointOf(url);
        const trail = await generateTrail(
          getDb(env.DB),
          null,
          { lat, lng, count: 3, start: GENERATE_START, exclude: [], allowMaybe: false },
          new Date(),
        );
        return json({ stops: trail.stops.length, walkingKm: trail.walking_km } satisfies GenerateAnswer);
      }
      default:
        return (
          (await communityRoute(request, env)) ??
          (await notificationsRoute(request, env)) ??
          new Response("not found", { status: 404 })
        );
    }
  },
} satisfies ExportedHandler<BenchEnv>;

export type BoxResult = Awaited<ReturnType<typeof boxSearch>>;
