import { and, count, desc, gt, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { menuWordCounts, stallDiscoveryTagCounts, stalls, stallTagCounts, stallTags } from "~/db/schema";
import { closestQuery, expandQuery } from "~/lib/rules/alias";
import { looseKey } from "~/lib/rules/normalise";
import { CUISINE_TAGS, DISCOVERY_TAGS, type DiscoveryTag, TRENDING_TAG } from "~/lib/rules/options";
import {
  eitherExpression,
  ftsMatchExpression,
  likePattern,
  MENU_TAG_TRENDING_SHOPS,
  MENU_WORDS,
  normaliseQuery,
  priceRange,
  SEARCH_MATCH_CAP,
  SUGGEST_LIMIT,
  SUGGEST_MIN_LENGTH,
  TRENDING_DISCOVERY_TAGS,
  TRENDING_TAGS,
  termsMatchExpression,
  termsWholeWordsExpression,
  typedWordsImplyTerms,
  wholeWordsExpression,
} from "~/lib/rules/search-query";
import { hasDevanagari } from "~/lib/rules/transliterate";
import { type SearchAliases, searchAliases } from "~/models/dish-alias.server";
import {
  fromRawListRow,
  listRowJson,
  type RawListRow,
  type StallListItem,
  toStallListItem,
} from "~/models/stall/stall.server";
import { ModelError } from "./model-error";

// Search runs on three FTS5 indexes (ADR 006): stalls_fts, each stall's whole document in trigrams
// (migrations/0001_search.sql); stall_names_fts, names alone in trigrams; stall_words_fts, the whole document in
// whole words (both 0004_search_tiers.sql). All hold approved stalls only: triggers add a stall when it is
// approved, rewrite it when its text changes and remove it when it is no longer approved or is deleted.
// They hold each stall's loose Roman keys (ADR 018): a query matches by its own keys, every other name of a dish
// it names (dish aliases), or its text as typed (stalls indexed by their text, and text the keys drop).

export interface TagCount {
  name: string;
  count: number;
  trending: boolean;
}

export interface SearchResultItem extends StallListItem {
  price_range: "₹" | "₹₹";
}

export interface SearchResults {
  query: string;
  /** Exact up to SEARCH_MATCH_CAP; when more stalls match, SEARCH_MATCH_CAP with totalCapped set. */
  total: number;
  totalCapped: boolean;
  items: SearchResultItem[];
  nextCursor: string | null;
  relatedTags: TagCount[];
  /** When nothing matched: the query with each unknown word replaced by the closest known one, if any is close. */
  didYouMean: string | null;
}

const TRENDING_TAG_SET = new Set<string>([...TRENDING_TAGS, ...TRENDING_DISCOVERY_TAGS]);
/** Related tags are counted over the best matches, so a very common word stays cheap to search. */
const RELATED_TAGS_SAMPLE = 100;
const RELATED_TAGS_LIMIT = 10;
const approved = sql`${stalls.status} = 'approved'`;

/** One or two characters are too short for trigrams: those look in the name and tags only. */
function shortQueryCondition(query: string) {
  const pattern = likePattern(query);
  return sql`(${stalls.name} LIKE ${pattern} ESCAPE '\\' OR ${stalls.tags} LIKE ${pattern} ESCAPE '\\')`;
}

function parseOffset(cursor: string | null | undefined): number {
  if (!cursor) return 0;
  const offset = Number(cursor);
  if (!Number.isInteger(offset) || offset < 0 || offset > 10_000)
    throw new ModelError(400, "cursor: Invalid cursor", { field: "cursor" });
  return offset;
}

export async function searchStalls(
  db: Db,
  rawQuery: string,
  { limit, cursor, now = new Date() }: { limit: number; cursor?: string | null; now?: Date },
): Promise<SearchResults> {
  const query = normaliseQuery(rawQuery);
  const offset = parseOffset(cursor);
  const aliases = await searchAliases(db);
  const expressions = queryExpressions(query, aliases);
  // The best matches up to the end of this page (and at least the related-tags sample), best first.
  const window = Math.min(Math.max(offset + limit + 1, RELATED_TAGS_SAMPLE), SEARCH_MATCH_CAP);
  const { ranking, matched: matchedSql } = expressions
    ? indexRanking(expressions, query, window)
    : shortQueryRanking(query, window);
  // One statement, so one round trip to D1 (each costs more than most of the work): `best` is materialised once
  // and read three times. Counting stops one past the cap, which tells "exactly 1,000" from "more" without
  // reading every match. Related tags come from the tags index; only the page's stalls are read whole.
  const [answer] = await db.all<SearchAnswerRow>(sql`WITH ${ranking}
    SELECT
      ${matchedSql} AS matched,
      (SELECT count(*) FROM best) AS ranked,
      (SELECT json_group_array(json_array(tag, n)) FROM (
        SELECT ${stallTags.tag} AS tag, count(*) AS n FROM best CROSS JOIN ${stallTags} ON ${stallTags.stallId} = best.id
        WHERE best.pos < ${int(RELATED_TAGS_SAMPLE)} GROUP BY ${stallTags.tag})) AS related,
      (SELECT json_group_array(json_array(page.pos, ${listRowJson})) FROM (
        SELECT id, pos FROM best WHERE pos >= ${int(offset)} AND pos < ${int(offset + limit)}) AS page
        CROSS JOIN ${stalls} ON ${stalls.id} = page.id) AS page`);
  const matched = answer?.matched ?? 0;
  const page = (JSON.parse(answer?.page ?? "[]") as [number, RawListRow][]).sort((a, b) => a[0] - b[0]);
  const related = JSON.parse(answer?.related ?? "[]") as [string, number][];
  return {
    query,
    total: Math.min(matched, SEARCH_MATCH_CAP),
    totalCapped: matched > SEARCH_MATCH_CAP,
    items: page.map(([, raw]) => {
      const item = toStallListItem(fromRawListRow(raw), now);
      return { ...item, price_range: priceRange(item.tags) };
    }),
    nextCursor: (answer?.ranked ?? 0) > offset + limit ? String(offset + limit) : null,
    relatedTags: related
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, RELATED_TAGS_LIMIT)
      .map(([name, n]) => ({ name, count: n, trending: TRENDING_TAG_SET.has(name) })),
    didYouMean: matched === 0 ? didYouMean(query, aliases) : null,
  };
}

/** The words people search for: tags, discovery labels, menu words and every dish name and alias. */
const vocabulary = (aliases: SearchAliases) => [
  ...CUISINE_TAGS,
  ...DISCOVERY_TAGS.map((t) => t.label),
  ...MENU_WORDS,
  ...aliases.names.map((name) => name.text),
];

function didYouMean(query: string, aliases: SearchAliases): string | null {
  const closest = closestQuery(query, vocabulary(aliases));
  return closest && looseKey(closest) !== looseKey(query) ? closest : null;
}

interface QueryExpressions {
  /** For the trigram indexes (names, whole documents). */
  trigram: string;
  /** For the words index; null when a word would be split there (the words tier is skipped). */
  words: string | null;
}

/** The MATCH expressions for a query, or null when no word is long enough for trigrams. */
function queryExpressions(query: string, aliases: SearchAliases): QueryExpressions | null {
  const terms = expandQuery(query, aliases.index);
  const typed = !typedWordsImplyTerms(query, terms);
  const trigram = eitherExpression(termsMatchExpression(terms), typed ? ftsMatchExpression(query) : null);
  if (!trigram) return null;
  const words = termsWholeWordsExpression(terms);
  return { trigram, words: typed ? eitherExpression(words, wholeWordsExpression(query)) : words };
}

/**
 * A whole number of our own (a constant, the window, a validated offset) written into the SQL rather than bound:
 * D1 ran the search statement about 1 ms faster with its LIMITs as literals than as bound parameters (ADR 006).
 * What people type is always bound.
 */
function int(n: number): SQL {
  if (!Number.isSafeInteger(n)) throw new Error(`not a whole number: ${n}`);
  return sql.raw(String(n));
}

interface SearchAnswerRow {
  matched: number;
  ranked: number;
  related: string;
  page: string;
}

/**
 * `best` (id, pos from 0) for a query the trigram indexes can answer, in three tiers, each ranked with ties to the
 * newer stall, and within a tier first the stalls whose name holds the query as typed: the keys fold spellings
 * together (ADR 036), so "bhel puri" finds Kutchi Dabeli by its key "bel" too, after Juhu Bhel Puri.
 * 1. stalls named for the words (the names index), shortest name first: bm25 there came to the name's length, at
 *    the price of counting every alias's stalls and reading each row's size (ADR 044);
 * 2. other stalls holding every word as a whole word (the words index: bm25 counts a word's stalls in one list);
 * 3. the rest, holding some word only inside a longer one (the trigram index: bm25 there first checks every stall
 *    holding a word's trigrams for the whole phrase of them, the dearest step of a search).
 * A tier is read only when the ones above leave room in the window: its gate has no row otherwise, so its index is
 * never opened (ADR 044). Each tier ranks only its newest SEARCH_MATCH_CAP matches (ADR 006): FTS5 walks rowids
 * newest first without scoring. A tier that leaves room held every match it had, and every tier's matches are
 * trigram matches, so a page never depends on how far the window reaches and the trigram count is the total.
 *
 * Also `matched`, the number of matches up to one past the cap, taken from whichever walk already holds it; only
 * otherwise a count of its own on the trigram index.
 */
function indexRanking(
  { trigram: expression, words }: QueryExpressions,
  typed: string,
  window: number,
): { ranking: SQL; matched: SQL } {
  // One past the cap: ranking takes the newest SEARCH_MATCH_CAP, the count needs one more.
  // A tier that is not needed must not open its index at all: FTS5 reads a term's whole doclist before it can
  // walk it newest first, whatever bound the rowid has, so a gate with no row stands in front (CROSS JOIN keeps
  // it the outer loop) and the index is never asked.
  const newest = (index: string, expr: string, onlyIf?: SQL, rank = sql`rank`) =>
    sql`SELECT ${sql.raw(index)}.rowid AS id, ${rank} AS rank FROM ${onlyIf ? sql`(SELECT 1 WHERE ${onlyIf}) AS gate CROSS JOIN ` : sql``}${sql.raw(index)}
      WHERE ${sql.raw(index)} MATCH ${expr} ORDER BY ${sql.raw(index)}.rowid DESC LIMIT ${int(SEARCH_MATCH_CAP + 1)}`;
  const ranked = (pool: string) =>
    sql`SELECT id, rank FROM (SELECT id, rank FROM ${sql.raw(pool)} ORDER BY id DESC LIMIT ${int(SEARCH_MATCH_CAP)})
      ORDER BY rank, id DESC LIMIT ${int(window)}`;
  const roomAfterNames = sql`(SELECT count(*) FROM named) < ${int(window)}`;
  const roomAfterWords = sql`(SELECT count(*) FROM named) + (SELECT count(*) FROM worded) < ${int(window)}`;
  // Words the words index splits differently from the text (an apostrophe, a hyphen) skip the words tier.
  const ranking = sql`named_pool AS MATERIALIZED (${newest("stall_names_fts", expression, undefined, sql`length(stall_names_fts.name)`)}),
    named AS MATERIALIZED (${ranked("named_pool")}),
    worded_pool AS MATERIALIZED (${
      words ? newest("stall_words_fts", words, roomAfterNames) : sql`SELECT 0 AS id, 0 AS rank WHERE 0`
    }),
    worded AS MATERIALIZED (SELECT id, rank FROM (${ranked("worded_pool")}) WHERE id NOT IN (SELECT id FROM named)),
    others_pool AS MATERIALIZED (${newest("stalls_fts", expression, roomAfterWords)}),
    others AS MATERIALIZED (SELECT id, rank FROM (${ranked("others_pool")})
      WHERE id NOT IN (SELECT id FROM named) AND id NOT IN (SELECT id FROM worded_pool)),
    best AS MATERIALIZED (SELECT id, row_number() OVER (ORDER BY tier, exact DESC, rank, id DESC) - 1 AS pos FROM (
      SELECT tiers.id, tier, rank, ${stalls.name} LIKE ${likePattern(typed)} ESCAPE '\\' AS exact FROM (
        SELECT id, 1 AS tier, rank FROM named
        UNION ALL SELECT id, 2, rank FROM worded
        UNION ALL SELECT id, 3, rank FROM others
      ) AS tiers CROSS JOIN ${stalls} ON ${stalls.id} = tiers.id
    ) ORDER BY pos LIMIT ${int(window)})`;
  const matched = sql`CASE
    WHEN (SELECT count(*) FROM named_pool) > ${int(SEARCH_MATCH_CAP)}
      OR (SELECT count(*) FROM worded_pool) > ${int(SEARCH_MATCH_CAP)} THEN ${int(SEARCH_MATCH_CAP + 1)}
    WHEN ${roomAfterWords} THEN (SELECT count(*) FROM others_pool)
    ELSE (SELECT count(*) FROM (SELECT rowid FROM stalls_fts WHERE stalls_fts MATCH ${expression}
      LIMIT ${int(SEARCH_MATCH_CAP + 1)})) END`;
  return { ranking, matched };
}

/** `best` for one or two characters, too short for trigrams: names holding the text, then tags, best rated first. */
function shortQueryRanking(query: string, window: number): { ranking: SQL; matched: SQL } {
  const condition = sql`${approved} AND ${shortQueryCondition(query)}`;
  const nameHit = sql`${stalls.name} LIKE ${likePattern(query)} ESCAPE '\\'`;
  const ranking = sql`best AS MATERIALIZED (SELECT id, row_number() OVER (ORDER BY name_hit DESC, rating DESC, id) - 1 AS pos
    FROM (SELECT ${stalls.id} AS id, ${nameHit} AS name_hit, ${stalls.ratingAverage} AS rating FROM ${stalls}
      WHERE ${condition} ORDER BY name_hit DESC, rating DESC, id LIMIT ${int(window)}))`;
  const matched = sql`(SELECT count(*) FROM (SELECT 1 FROM ${stalls} WHERE ${condition} LIMIT ${int(SEARCH_MATCH_CAP + 1)}))`;
  return { ranking, matched };
}

/** Dish names and aliases among the suggestions, at most: the rest is left to tags, labels and stall names. */
const SUGGESTED_ALIASES = 2;

/**
 * Up to five suggestions for what is typed so far, from 2 characters: words people search for (tags, labels, menu
 * words, then dish names and aliases), then stall names, each as written where it matched: a dish typed in
 * Devanagari is suggested in Devanagari, a stall named in Devanagari by its name whichever script found it.
 */
export async function suggest(db: Db, rawQuery: string): Promise<string[]> {
  const query = normaliseQuery(rawQuery).toLowerCase();
  if ([...query].length < SUGGEST_MIN_LENGTH) return [];
  const key = looseKey(query);
  const sameScript = (word: string) => hasDevanagari(word) === hasDevanagari(query);
  const startsWith = (text: string, start: string) =>
    Boolean(start) && (text.startsWith(start) || text.includes(` ${start}`));
  const vocabulary: string[] = [...CUISINE_TAGS, ...DISCOVERY_TAGS.map((t) => t.label), ...MENU_WORDS];
  const words = vocabulary
    .filter((word) => word.toLowerCase().includes(query))
    .sort((a, b) => Number(!a.toLowerCase().startsWith(query)) - Number(!b.toLowerCase().startsWith(query)));
  const { names: dishNames } = await searchAliases(db);
  const dishes = dishNames
    .filter((name) => startsWith(name.text.toLowerCase(), query) || startsWith(name.key, key))
    .sort((a, b) => Number(!sameScript(a.text)) - Number(!sameScript(b.text)))
    .slice(0, SUGGESTED_ALIASES)
    .map((name) => name.text);
  const suggestions = [...new Set([...words, ...dishes])].slice(0, SUGGEST_LIMIT);
  if (suggestions.length < SUGGEST_LIMIT) {
    // Names containing the text or its loose key, through the trigram index (3+ characters), else names starting
    // with it, through the NOCASE name index (a prefix LIKE can use it; text with LIKE's own wildcards skips names).
    const room = SUGGEST_LIMIT - suggestions.length;
    const expression = eitherExpression(
      termsMatchExpression(key.split(" ").map((word) => [word])),
      ftsMatchExpression(query),
    );
    const names = expression
      ? await db
          .select({ name: stalls.name })
          .from(sql`stall_names_fts`)
          .innerJoin(stalls, sql`${stalls.id} = stall_names_fts.rowid`)
          .where(sql`stall_names_fts MATCH ${expression}`)
          .orderBy(sql`stall_names_fts.rank`)
          .limit(room * 2)
      : /[%_\\]/.test(query)
        ? []
        : await db
            .selectDistinct({ name: stalls.name })
            .from(stalls)
            .where(and(approved, sql`${stalls.name} LIKE ${`${query}%`}`))
            .limit(room);
    suggestions.push(
      ...[...new Set(names.map((row) => row.name))].filter((n) => !suggestions.includes(n)).slice(0, room),
    );
  }
  return suggestions;
}

/** The discovery labels with the number of approved stalls carrying each (Popular Categories). */
export async function discoveryCategories(db: Db): Promise<(TagCount & { value: DiscoveryTag })[]> {
  const [rows, [trendingNow]] = await db.batch([
    db.select().from(stallDiscoveryTagCounts),
    // 'trending now' is earned, not given (ADR 022): the stalls the hourly job scored, from their partial index.
    db
      .select({ n: count() })
      .from(stalls)
      .where(sql`${stalls.status} = 'approved' AND ${stalls.trendingScore} > 0`),
  ]);
  const counts = new Map<string, number>(rows.map((row) => [row.tag, row.stalls]));
  counts.set(TRENDING_TAG, trendingNow?.n ?? 0);
  return DISCOVERY_TAGS.map((tag) => ({
    value: tag.value,
    name: tag.label,
    count: counts.get(tag.value) ?? 0,
    trending: TRENDING_TAG_SET.has(tag.value),
  })).sort((a, b) => b.count - a.count);
}

/** Tags of approved stalls with their counts, most used first, plus the menu words that shops serve. */
export async function tagCounts(db: Db): Promise<TagCount[]> {
  const [tagRows, menuRows] = await db.batch([
    db
      .select()
      .from(stallTagCounts)
      .where(gt(stallTagCounts.stalls, 0))
      .orderBy(desc(stallTagCounts.stalls), stallTagCounts.tag),
    db.select().from(menuWordCounts),
  ]);
  const tags: TagCount[] = tagRows.map((row) => ({
    name: row.tag,
    count: row.stalls,
    trending: TRENDING_TAG_SET.has(row.tag),
  }));
  const known = new Set(tags.map((t) => t.name.toLowerCase()));
  const shopsByWord = new Map(menuRows.map((row) => [row.word, row.stalls]));
  for (const word of MENU_WORDS) {
    const shops = shopsByWord.get(word) ?? 0;
    if (shops > 0 && !known.has(word)) {
      tags.push({ name: word, count: shops, trending: shops > MENU_TAG_TRENDING_SHOPS });
    }
  }
  return tags.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}
