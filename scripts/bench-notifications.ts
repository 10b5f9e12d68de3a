// The notifications inbox's benchmark (issue 20), a section of scripts/bench.ts: `npm run bench -- --only notifications`
// runs it alone. On a fresh in-memory D1 (and KV) in workerd it seeds 10,000 people with five posts each and about
// 1,000,000 notification rows over 90 days, grouped as notice() groups them as they are written (ADR 024): likes per
// post and follows within 48 h of a group's first are one head, the older rows of the group stepped back; comments,
// mentions, stall updates and achievements are heads of their own. Everyone last opened their inbox some time ago,
// so the newest ~30% of their rows are unread. Five heavy users have ~5,000 rows; the first of them also has a post
// that went viral, one group of 9,999 likes (everybody else) in the last two days.
//
// Then it times, for a typical user and the heavy ones, as /api/notifications calls them: the bell's count with KV
// warm (unreadCount; checked to make no D1 statement at all) and cold (the key deleted first, by a request of its
// own), and the first page of All, Unread and Mentions and their page 3 (the cursor followed twice)
// (listNotifications). p50/p99 per read, and rows read per item returned from D1's meta, summed over every statement
// of the read (a separate, untimed run). Prints the EXPLAIN QUERY PLAN of each page's statements and flags a plan
// that scans the table or sorts in a temporary b-tree.

import { getDb } from "../app/db/client.server";
import { type NotificationType, notifications, posts, profiles, users } from "../app/db/schema";
import { translatorFor } from "../app/lib/i18n/translator.server";
import { NOTIFICATIONS_PAGE_SIZE, type NotificationTab } from "../app/lib/schemas/notifications";
import {
  GROUP_WINDOW_MS,
  groupKeyOf,
  listNotifications,
  unreadCount,
} from "../app/models/notification/notification.server";
import { countingD1, type Executed } from "./bench-community";
import { statementBuilder, toSqlText } from "./lib/sql-text";
import { seededRandom } from "./seed-data";

export const NOTIFICATIONS = {
  users: 10_000,
  postsPerUser: 5,
  days: 90,
  /** People with ~5,000 rows: bench users 1 to 5. */
  heavy: 5,
  heavyRows: 5_000,
  /** Bench user 1's viral post: a like from everyone else. */
  viralLikes: 9_999,
  unreadShare: 0.3,
};
const SEED = 20_2026;
const DAY_MS = 86_400_000;
const USERS_PER_REQUEST = 250;
const ROWS_PER_INSERT = 250;
const REPS = 40;
const WARMUP = 3;
const TARGETS = { firstPageRowsRead: 3 * NOTIFICATIONS_PAGE_SIZE, warmUnreadD1Statements: 0 };
const TABS: NotificationTab[] = ["all", "unread", "mentions"];

/** Rows an ordinary person has: few for most, a long tail (mean about 99). */
const ordinaryRows = (n: number) => 1 + Math.floor(seededRandom(SEED + n).next() ** 2 * 293);
export const rowsOf = (n: number) =>
  n >= 1 && n <= NOTIFICATIONS.heavy ? NOTIFICATIONS.heavyRows : ordinaryRows(n);

const TYPE_MIX: [NotificationType, number][] = [
  ["like", 0.5],
  ["comment", 0.18],
  ["follow", 0.14],
  ["mention", 0.08],
  ["stall_update", 0.06],
  ["achievement", 0.04],
];

/** The type whose share of TYPE_MIX holds the point `at` (0 to 1). */
function typeAt(at: number): NotificationType {
  let below = 0;
  for (const [type, share] of TYPE_MIX) {
    below += share;
    if (at < below) return type;
  }
  return "like";
}

// ---------------------------------------------------------------------------------------------------------------
// In the Worker (bundled into scripts/bench.ts's benchWorker).

interface Env {
  DB: D1Database;
  KV?: KVNamespace;
}

async function execute(env: Env, statements: string[]) {
  for (let i = 0; i < statements.length; i += 50)
    await env.DB.batch(statements.slice(i, i + 50).map((text) => env.DB.prepare(text)));
}

function inserts<T>(rows: T[], build: (part: T[]) => { toSQL(): unknown }): string[] {
  const texts: string[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    texts.push(...toSqlText([build(rows.slice(i, i + ROWS_PER_INSERT)) as never]));
  return texts;
}

const postOf = (n: number, k: number) => `nb${n}x${k}`;

async function seedPeople(env: Env, from: number, count: number, now: number) {
  const ids = Array.from({ length: count }, (_, k) => from + k);
  const postRows = ids.flatMap((n) =>
    Array.from({ length: NOTIFICATIONS.postsPerUser }, (_, k) => ({
      publicId: postOf(n, k),
      userId: `nu${n}`,
      type: "tip" as const,
      body: `Bench tip ${k} by person ${n}: go early, the chutney runs out by nine.`,
      images: [],
      createdAt: now - (k + 1) * 10 * DAY_MS,
    })),
  );
  await execute(env, [
    ...inserts(ids, (part) =>
      statementBuilder.insert(users).values(
        part.map((n) => ({
          id: `nu${n}`,
          email: `nu${n}@bench.nukkad.test`,
          passwordHash: null,
          role: "user" as const,
          emailVerifiedAt: now,
          createdAt: now - 200 * DAY_MS,
        })),
      ),
    ),
    ...inserts(ids, (part) =>
      statementBuilder
        .insert(profiles)
        .values(part.map((n) => ({ userId: `nu${n}`, fullName: `Bench Person ${n}`, username: `nb_${n}` }))),
    ),
    ...inserts(postRows, (part) => statementBuilder.insert(posts).values(part)),
  ]);
}

interface Row {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  link: string;
  actorId: string | null;
  subject: string;
  groupKey: string | null;
  groupStartedAt: number | null;
  groupSize: number;
  isHead: boolean;
  readAt: number | null;
  createdAt: number;
}

/** Person n's rows, oldest first, grouped as notice() would have written them one by one. */
function rowsFor(n: number, now: number): Row[] {
  const random = seededRandom(SEED * 7 + n);
  const window = NOTIFICATIONS.days * DAY_MS;
  const someoneElse = () => {
    const other = random.int(0, NOTIFICATIONS.users - 2);
    return other >= n ? other + 1 : other;
  };
  const events: Omit<Row, "groupKey" | "groupStartedAt" | "groupSize" | "isHead" | "readAt">[] = [];
  const ordinary = rowsOf(n);
  for (let k = 0; k < ordinary; k++) {
    const type = typeAt(random.next());
    const actor = type === "stall_update" || type === "achievement" ? null : someoneElse();
    // A person's older posts get fewer likes and comments; the viral post's likes are apart, below.
    const post = postOf(
      n,
      Math.min(NOTIFICATIONS.postsPerUser - 1, (n === 1 ? 1 : 0) + Math.floor(random.next() ** 2 * 5)),
    );
    const subject = {
      like: `post:${post}`,
      comment: `post:${post}`,
      follow: `user:nu${actor}`,
      mention: `post:${postOf(actor ?? 0, random.int(0, NOTIFICATIONS.postsPerUser - 1))}`,
      stall_update: `stall:${random.int(1, 5_000)}`,
      achievement: `user:nu${n}`,
      trending: `post:${post}`,
      account: `user:nu${n}`,
    }[type];
    events.push({
      userId: `nu${n}`,
      type,
      title: `Bench Person ${actor ?? "Nukkad"} ${type === "follow" ? "started following you" : `sent a ${type}`}`,
      body:
        type === "comment" || type === "mention" ? "The bun maska here is the best in town, go at 7." : "",
      link: type === "follow" ? `/u/nb_${actor}` : `/feed?post=${post}`,
      actorId: actor === null ? null : `nu${actor}`,
      subject,
      createdAt: now - window + Math.floor(random.next() * window),
    });
  }
  if (n === 1) {
    // Everyone else, in a random order, within the last 40 hours: one group.
    const likers = Array.from({ length: NOTIFICATIONS.users }, (_, k) => k).filter((k) => k !== n);
    for (let k = likers.length - 1; k > 0; k--) {
      const j = random.int(0, k);
      [likers[k], likers[j]] = [likers[j] as number, likers[k] as number];
    }
    for (const liker of likers.slice(0, NOTIFICATIONS.viralLikes))
      events.push({
        userId: `nu${n}`,
        type: "like",
        title: `Bench Person ${liker} liked your post`,
        body: "",
        link: `/feed?post=${postOf(n, 0)}`,
        actorId: `nu${liker}`,
        subject: `post:${postOf(n, 0)}`,
        createdAt: now - 40 * 3_600_000 + Math.floor(random.next() * 40 * 3_600_000),
      });
  }
  events.sort((a, b) => a.createdAt - b.createdAt);
  // The last time they opened the inbox: what came before is read.
  const cutoff = Math.floor(events.length * (1 - NOTIFICATIONS.unreadShare * (0.5 + random.next())));
  const lastVisit = (events[Math.min(cutoff, events.length - 1)]?.createdAt ?? now) - 1;
  const groups = new Map<string, { startedAt: number; size: number; head: Row; actors: Set<string> }>();
  const rows: Row[] = [];
  for (const event of events) {
    const groupKey = groupKeyOf(event.type, event.subject);
    const readAt = event.createdAt <= lastVisit ? lastVisit + 60_000 : null;
    const group = groupKey === null ? undefined : groups.get(groupKey);
    if (group && group.startedAt > event.createdAt - GROUP_WINDOW_MS) {
      // The same person again within the group adds nobody.
      if (event.actorId && group.actors.has(event.actorId)) continue;
      group.size += 1;
      group.head.isHead = false;
      const row = {
        ...event,
        groupKey,
        groupStartedAt: group.startedAt,
        groupSize: group.size,
        isHead: true,
        readAt,
      };
      group.head = row;
      if (event.actorId) group.actors.add(event.actorId);
      rows.push(row);
      continue;
    }
    const row = {
      ...event,
      groupKey,
      groupStartedAt: groupKey === null ? null : event.createdAt,
      groupSize: 1,
      isHead: true,
      readAt,
    };
    if (groupKey !== null)
      groups.set(groupKey, {
        startedAt: event.createdAt,
        size: 1,
        head: row,
        actors: new Set(event.actorId ? [event.actorId] : []),
      });
    rows.push(row);
  }
  return rows;
}

async function seedRows(env: Env, from: number, count: number, now: number) {
  const rows = Array.from({ length: count }, (_, k) => rowsFor(from + k, now)).flat();
  await execute(
    env,
    inserts(rows, (part) => statementBuilder.insert(notifications).values(part)),
  );
  return rows.length;
}

interface Measured {
  returned: number;
  next: string | null;
  rowsRead?: number;
  statements?: { sql: string; rowsRead: number; plan: string }[];
}

async function explained(env: Env, log: Executed[]) {
  const statements = [];
  for (const { sql: text, params, rowsRead } of log) {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
      .bind(...params)
      .all<{ detail: string }>();
    statements.push({ sql: text, rowsRead, plan: results.map((row) => row.detail).join("; ") });
  }
  return statements;
}

const t = translatorFor("en");

async function page(env: Env, url: URL): Promise<Measured> {
  const userId = url.searchParams.get("user") as string;
  const tab = url.searchParams.get("tab") as NotificationTab;
  const cursor = url.searchParams.get("cursor") ?? undefined;
  if (url.searchParams.get("count") === null) {
    const answer = await listNotifications(getDb(env.DB), userId, { tab, cursor }, t);
    return { returned: answer.data.length, next: answer.next_cursor };
  }
  const log: Executed[] = [];
  const answer = await listNotifications(getDb(countingD1(env.DB, log)), userId, { tab, cursor }, t);
  return {
    returned: answer.data.length,
    next: answer.next_cursor,
    rowsRead: log.reduce((sum, s) => sum + s.rowsRead, 0),
    statements: await explained(env, log),
  };
}

async function unread(env: Env, url: URL) {
  const kv = env.KV;
  if (!kv) throw new Error("the notifications bench needs its KV binding");
  const userId = url.searchParams.get("user") as string;
  if (url.searchParams.get("count") === null) return { count: await unreadCount(getDb(env.DB), kv, userId) };
  const log: Executed[] = [];
  const count = await unreadCount(getDb(countingD1(env.DB, log)), kv, userId);
  return {
    count,
    statements: log.length,
    rowsRead: log.reduce((sum, s) => sum + s.rowsRead, 0),
    plans: await explained(env, log),
  };
}

/** benchWorker's routes under /notifications/, or null for any other path. */
export async function notificationsRoute(request: Request, env: Env): Promise<Response | null> {
  const url = new URL(request.url);
  const number = (name: string) => Number(url.searchParams.get(name));
  switch (url.pathname) {
    case "/notifications/people":
      await seedPeople(env, number("from"), number("count"), number("now"));
      return new Response("");
    case "/notifications/rows":
      return Response.json(await seedRows(env, number("from"), number("count"), number("now")));
    case "/notifications/shape":
      return Response.json(
        await env.DB.prepare(
          "SELECT count(*) AS rows_total, sum(is_head) AS heads, sum(read_at IS NULL) AS unread_rows, sum(is_head AND read_at IS NULL) AS unread_heads, max(group_size) AS largest_group FROM notifications",
        ).first(),
      );
    case "/notifications/forget":
      await env.KV?.delete(`notifications:unread:${url.searchParams.get("user")}`);
      return new Response("");
    case "/notifications/unread":
      return Response.json(await unread(env, url));
    case "/notifications/page":
      return Response.json(await page(env, url));
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// In Node: seeds through the Worker, times the reads, and answers the lines to print.

type Call = <T>(path: string, body?: unknown) => Promise<T>;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** A plan that reads the table row by row or sorts outside an index is a missed index. */
const missesIndex = (plan: string) => /SCAN notifications(?! USING)|USE TEMP B-TREE/.test(plan);

export async function benchNotifications(call: Call): Promise<string[]> {
  const lines: string[] = [];
  const now = Date.now();
  const started = performance.now();
  for (let from = 0; from < NOTIFICATIONS.users; from += 5_000)
    await call(`/notifications/people?from=${from}&count=5000&now=${now}`);
  let written = 0;
  for (let from = 0; from < NOTIFICATIONS.users; from += USERS_PER_REQUEST)
    written += await call<number>(`/notifications/rows?from=${from}&count=${USERS_PER_REQUEST}&now=${now}`);
  const seedSeconds = (performance.now() - started) / 1000;
  const shape = await call<Record<string, number>>("/notifications/shape");

  // A typical person: the one whose row count is the median.
  const ordinary = Array.from({ length: NOTIFICATIONS.users }, (_, n) => n).filter((n) => rowsOf(n) < 1000);
  const typical = ordinary.sort((a, b) => rowsOf(a) - rowsOf(b))[Math.floor(ordinary.length / 2)] as number;
  const readers: [string, number][] = [
    ["typical", typical],
    ["heavy", 2],
    ["viral", 1],
  ];

  const overhead: number[] = [];
  for (let i = 0; i < 30; i++) {
    const start = performance.now();
    await call("/ping");
    overhead.push(performance.now() - start);
  }
  lines.push(
    `# notifications: ${written.toLocaleString("en")} rows for ${NOTIFICATIONS.users.toLocaleString("en")} people over ` +
      `${NOTIFICATIONS.days} days, seeded in ${seedSeconds.toFixed(0)} s: ${JSON.stringify(shape)}; ` +
      `readers: typical nu${typical} (${rowsOf(typical)} rows), heavy nu2 (${rowsOf(2)}), viral nu1 ` +
      `(${rowsOf(1)} + ${NOTIFICATIONS.viralLikes} likes of one post); ${REPS} runs each after ${WARMUP} warm-ups, ` +
      `each a request to the worker (request_overhead_p50_ms=${percentile(overhead, 50).toFixed(2)}, not subtracted); ` +
      "rows read summed over every statement of the read, per item returned",
    `# targets: unread count with KV warm makes ${TARGETS.warmUnreadD1Statements} D1 statements; first page rows ` +
      `read <= ${TARGETS.firstPageRowsRead} (3 x page size); no statement scans notifications or sorts in a temp b-tree`,
  );

  const timed = async (path: string, before?: () => Promise<unknown>) => {
    for (let i = 0; i < WARMUP; i++) {
      await before?.();
      await call(path);
    }
    const ms: number[] = [];
    for (let i = 0; i < REPS; i++) {
      await before?.();
      const start = performance.now();
      await call(path);
      ms.push(performance.now() - start);
    }
    return ms;
  };
  const missed: string[] = [];
  const table: string[] = [];
  for (const [who, n] of readers) {
    const user = `nu${n}`;
    const forget = () => call(`/notifications/forget?user=${user}`);
    // Warm: KV holds the count (the first read stored it); the counted read must not reach D1.
    await call(`/notifications/unread?user=${user}`);
    const warmCounted = await call<{ count: number; statements: number }>(
      `/notifications/unread?user=${user}&count=1`,
    );
    const warm = await timed(`/notifications/unread?user=${user}`);
    if (warmCounted.statements !== TARGETS.warmUnreadD1Statements) missed.push(`unread_warm_${who}`);
    const cold = await timed(`/notifications/unread?user=${user}`, forget);
    await forget();
    const coldCounted = await call<{
      count: number;
      statements: number;
      rowsRead: number;
      plans: Measured["statements"];
    }>(`/notifications/unread?user=${user}&count=1`);
    lines.push(
      `notifications_unread_warm_${who}_p50_ms=${percentile(warm, 50).toFixed(2)}`,
      `notifications_unread_warm_${who}_p99_ms=${percentile(warm, 99).toFixed(2)}`,
      `notifications_unread_warm_${who}_d1_statements=${warmCounted.statements}`,
      `notifications_unread_cold_${who}_p50_ms=${percentile(cold, 50).toFixed(2)}`,
      `notifications_unread_cold_${who}_p99_ms=${percentile(cold, 99).toFixed(2)}`,
      `notifications_unread_cold_${who}_rows_read=${coldCounted.rowsRead} (count ${coldCounted.count})`,
    );
    for (const statement of coldCounted.plans ?? []) {
      if (missesIndex(statement.plan)) missed.push(`unread_cold_${who}`);
      if (who === "viral") lines.push(`#   unread_cold plan: ${statement.plan}`);
    }
    table.push(
      `| ${who.padEnd(7)} | unread count | ${percentile(warm, 50).toFixed(2).padStart(6)} / ${percentile(warm, 99).toFixed(2).padStart(6)} (warm, ${warmCounted.statements} D1 statements) | ${percentile(cold, 50).toFixed(2).padStart(6)} / ${percentile(cold, 99).toFixed(2).padStart(6)} (cold, ${coldCounted.rowsRead} rows read) |`,
    );

    for (const tab of TABS) {
      const base = `/notifications/page?user=${user}&tab=${tab}`;
      let cursor: string | null = null;
      const cursors: (string | null)[] = [null];
      for (let p = 1; p < 3; p++) {
        const answer: Measured = await call(
          `${base}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        );
        cursor = answer.next;
        cursors.push(cursor);
      }
      for (const [label, at] of [
        ["first", null],
        ["page3", cursors[2] ?? null],
      ] as const) {
        if (label === "page3" && !at) {
          lines.push(`# notifications ${who} ${tab}: fewer than 3 pages`);
          continue;
        }
        const path = `${base}${at ? `&cursor=${encodeURIComponent(at)}` : ""}`;
        const ms = await timed(path);
        const counted = await call<Measured>(`${path}&count=1`);
        const perReturned = counted.returned > 0 ? (counted.rowsRead ?? 0) / counted.returned : Number.NaN;
        const name = `notifications_${who}_${tab}_${label}`;
        lines.push(
          `${name}_p50_ms=${percentile(ms, 50).toFixed(2)}`,
          `${name}_p99_ms=${percentile(ms, 99).toFixed(2)}`,
          `${name}_returned=${counted.returned}`,
          `${name}_rows_read=${counted.rowsRead}`,
          `${name}_rows_read_per_returned=${perReturned.toFixed(2)}`,
        );
        table.push(
          `| ${who.padEnd(7)} | ${`${tab} ${label}`.padEnd(12)} | ${percentile(ms, 50).toFixed(2).padStart(6)} / ${percentile(ms, 99).toFixed(2).padStart(6)} | ${String(counted.returned).padStart(2)} items, ${String(counted.rowsRead).padStart(3)} rows read (${perReturned.toFixed(2)}/item) |`,
        );
        const badPlan = (counted.statements ?? []).some((s) => missesIndex(s.plan));
        const tooMany = label === "first" && (counted.rowsRead ?? 0) > TARGETS.firstPageRowsRead;
        if (badPlan || tooMany) missed.push(name);
        if (badPlan || tooMany || (who === "heavy" && label === "first")) {
          for (const statement of counted.statements ?? [])
            lines.push(
              `#   ${name}: ${statement.rowsRead} rows read by ${statement.sql.replace(/\s+/g, " ").slice(0, 200)}...`,
              `#     plan: ${statement.plan}`,
            );
        }
      }
    }
  }
  lines.push(
    "# notifications: reader | read | p50 / p99 ms | rows",
    ...table,
    `# notifications: ${missed.length > 0 ? `targets missed: ${[...new Set(missed)].join(", ")}` : "all targets met"}; ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return lines;
}
