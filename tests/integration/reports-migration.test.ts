import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createFoodTrail, createStall, createUser } from "../factories";

// Migration 0021 moves the five report tables into `reports` (ADR 045). A database migrated up to 0020 is seeded with
// open and decided reports of every kind, then migrated: every report is still there, by subject and state.

const db = env.MIGRATION_DB;
const old = { ...env, DB: db } as Env;
const REPORTS_TABLE = "0021_one_reports_table.sql";

const run = (sql: string, ...params: unknown[]) =>
  db
    .prepare(sql)
    .bind(...params)
    .run();
const idOf = async (sql: string, ...params: unknown[]) =>
  (
    await db
      .prepare(sql)
      .bind(...params)
      .first<{ id: number }>()
  )?.id ?? 0;

describe("migration 0021: one reports table", () => {
  it("moves every report and decision of the five old tables, by subject and state", async () => {
    await applyD1Migrations(
      db,
      env.TEST_MIGRATIONS.filter((migration) => migration.name < REPORTS_TABLE),
    );
    const user = async (name: string) => (await createUser(old, { email: `${name}@example.com` })).id;
    const [a, r, s, m] = [
      await user("author"),
      await user("reporter"),
      await user("second"),
      await user("moderator"),
    ];
    const stall = await createStall(old, { name: "Migrated Chaat" });
    const stallRow = await idOf("SELECT id FROM stalls WHERE shop_unique_id = ?", stall.shopUniqueId);

    // Stall reports: open, a second open one by the same reporter, decided.
    await run(
      "INSERT INTO stall_reports (stall_id, reporter_id, kind, details) VALUES (?, ?, 'moved', 'north')",
      stallRow,
      r,
    );
    await run(
      "INSERT INTO stall_reports (stall_id, reporter_id, kind, details) VALUES (?, ?, 'wrong_hours', '')",
      stallRow,
      r,
    );
    await run(
      "INSERT INTO stall_reports (stall_id, reporter_id, kind, details, resolved_at, resolved_by) VALUES (?, ?, 'closed', '', 5, ?)",
      stallRow,
      s,
      m,
    );
    // Review reports: one open, one decided.
    await run("INSERT INTO reviews (stall_id, user_id, rating) VALUES (?, ?, 4)", stallRow, a);
    const review = await idOf("SELECT id FROM reviews WHERE user_id = ?", a);
    await run(
      "INSERT INTO review_reports (review_id, reporter_id, reason) VALUES (?, ?, ' Fake review ')",
      review,
      r,
    );
    await run(
      "INSERT INTO review_reports (review_id, reporter_id, reason, resolved_at, resolved_by) VALUES (?, ?, 'Rude', 6, ?)",
      review,
      s,
      m,
    );
    // Post and comment reports: a visible post kept, a hidden post, a comment open.
    const post = async (publicId: string, hidden: boolean) => {
      await run(
        "INSERT INTO posts (public_id, user_id, type, body, hidden_at, hidden_reason) VALUES (?, ?, 'tip', 'Try the chaat', ?, ?)",
        publicId,
        a,
        hidden ? 7 : null,
        hidden ? "spam" : null,
      );
      return idOf("SELECT id FROM posts WHERE public_id = ?", publicId);
    };
    const kept = await post("keptpost0001", false);
    const hidden = await post("hiddenpost01", true);
    await run("INSERT INTO post_comments (post_id, user_id, body) VALUES (?, ?, 'Nice')", kept, a);
    const comment = await idOf("SELECT id FROM post_comments WHERE post_id = ?", kept);
    await run("INSERT INTO post_reports (post_id, reporter_id, reason) VALUES (?, ?, 'Advert')", kept, r);
    await run(
      "INSERT INTO post_reports (post_id, reporter_id, reason, resolved_at, resolved_by) VALUES (?, ?, 'Old', 8, ?)",
      kept,
      s,
      m,
    );
    await run(
      "INSERT INTO post_reports (post_id, reporter_id, reason, resolved_at, resolved_by) VALUES (?, ?, 'Spam', 9, ?)",
      hidden,
      r,
      m,
    );
    await run(
      "INSERT INTO post_reports (post_id, comment_id, reporter_id, reason) VALUES (?, ?, ?, 'Abuse')",
      kept,
      comment,
      r,
    );
    // Trail reports: an open one and a decided one of a hidden trail.
    const trail = await createFoodTrail(old, [stall], { authorId: a });
    const trailRow = await idOf("SELECT id FROM trails WHERE public_id = ?", trail);
    await run(
      "UPDATE trails SET hidden_at = 10, hidden_reason = 'spam', hidden_by = ? WHERE id = ?",
      m,
      trailRow,
    );
    await run(
      "INSERT INTO trail_reports (trail_id, reporter_id, reason, details) VALUES (?, ?, 'spam', 'ads')",
      trailRow,
      r,
    );
    await run(
      "INSERT INTO trail_reports (trail_id, reporter_id, reason, resolved_at, resolved_by) VALUES (?, ?, 'offensive', 11, ?)",
      trailRow,
      s,
      m,
    );
    // Reel reports: one open, one decided.
    // Written as SQL: the reels table of 0020 has none of the columns later migrations added.
    const reelRow = await idOf(
      `INSERT INTO reels (public_id, user_id, stall_id, grid_cell, video_key, poster_key, video_type, video_bytes,
        duration_ms, status) SELECT 'migratedreel', ?, id, grid_cell, 'v.mp4', 'p.jpg', 'video/mp4', 1000, 1000,
        'approved' FROM stalls WHERE shop_unique_id = ? RETURNING id`,
      a,
      stall.shopUniqueId,
    );
    await run(
      "INSERT INTO reel_reports (reel_id, reporter_id, reason) VALUES (?, ?, 'Not food')",
      reelRow,
      r,
    );
    await run(
      "INSERT INTO reel_reports (reel_id, reporter_id, reason, resolved_at, resolved_by) VALUES (?, ?, 'Blurry', 12, ?)",
      reelRow,
      s,
      m,
    );

    const before = await db
      .prepare(
        `SELECT subject, state, count(*) AS n FROM (
          SELECT 'stall' AS subject, CASE WHEN resolved_at IS NULL THEN 'open' ELSE 'decided' END AS state FROM stall_reports
          UNION ALL SELECT 'review', CASE WHEN resolved_at IS NULL THEN 'open' ELSE 'decided' END FROM review_reports
          UNION ALL SELECT CASE WHEN comment_id IS NULL THEN 'post' ELSE 'comment' END,
            CASE WHEN resolved_at IS NULL THEN 'open' ELSE 'decided' END FROM post_reports
          UNION ALL SELECT 'trail', CASE WHEN resolved_at IS NULL THEN 'open' ELSE 'decided' END FROM trail_reports
          UNION ALL SELECT 'reel', CASE WHEN resolved_at IS NULL THEN 'open' ELSE 'decided' END FROM reel_reports
        ) GROUP BY subject, state ORDER BY subject, state`,
      )
      .all();
    expect(before.results).toEqual([
      { subject: "comment", state: "open", n: 1 },
      { subject: "post", state: "decided", n: 2 },
      { subject: "post", state: "open", n: 1 },
      { subject: "reel", state: "decided", n: 1 },
      { subject: "reel", state: "open", n: 1 },
      { subject: "review", state: "decided", n: 1 },
      { subject: "review", state: "open", n: 1 },
      { subject: "stall", state: "decided", n: 1 },
      { subject: "stall", state: "open", n: 2 },
      { subject: "trail", state: "decided", n: 1 },
      { subject: "trail", state: "open", n: 1 },
    ]);

    await applyD1Migrations(db, env.TEST_MIGRATIONS);

    const after = await db
      .prepare(
        `SELECT subject_type AS subject, CASE WHEN decided_at IS NULL THEN 'open' ELSE 'decided' END AS state,
          count(*) AS n FROM reports GROUP BY subject, state ORDER BY subject, state`,
      )
      .all();
    // The same counts, except the stall reporter's second open report: one open report per person and subject now,
    // so it is closed (kept) and its row stays.
    expect(after.results).toEqual(
      before.results.map((row) =>
        row.subject === "stall" ? { ...row, n: row.state === "open" ? 1 : 2 } : row,
      ),
    );
    const rows = await db
      .prepare(
        "SELECT subject_type, subject_id, reporter_id, reason, details, decided_by, decision FROM reports ORDER BY subject_type, id",
      )
      .all();
    expect(rows.results).toEqual([
      {
        subject_type: "comment",
        subject_id: String(comment),
        reporter_id: r,
        reason: "other",
        details: "Abuse",
        decided_by: null,
        decision: null,
      },
      {
        subject_type: "post",
        subject_id: String(kept),
        reporter_id: r,
        reason: "other",
        details: "Advert",
        decided_by: null,
        decision: null,
      },
      {
        subject_type: "post",
        subject_id: String(kept),
        reporter_id: s,
        reason: "other",
        details: "Old",
        decided_by: m,
        decision: "keep",
      },
      {
        subject_type: "post",
        subject_id: String(hidden),
        reporter_id: r,
        reason: "other",
        details: "Spam",
        decided_by: m,
        decision: "hide",
      },
      {
        subject_type: "reel",
        subject_id: String(reelRow),
        reporter_id: r,
        reason: "other",
        details: "Not food",
        decided_by: null,
        decision: null,
      },
      {
        subject_type: "reel",
        subject_id: String(reelRow),
        reporter_id: s,
        reason: "other",
        details: "Blurry",
        decided_by: m,
        decision: "keep",
      },
      {
        subject_type: "review",
        subject_id: String(review),
        reporter_id: r,
        reason: "other",
        details: "Fake review",
        decided_by: null,
        decision: null,
      },
      {
        subject_type: "review",
        subject_id: String(review),
        reporter_id: s,
        reason: "other",
        details: "Rude",
        decided_by: m,
        decision: "keep",
      },
      {
        subject_type: "stall",
        subject_id: String(stallRow),
        reporter_id: r,
        reason: "moved",
        details: "north",
        decided_by: null,
        decision: null,
      },
      {
        subject_type: "stall",
        subject_id: String(stallRow),
        reporter_id: r,
        reason: "wrong_hours",
        details: "",
        decided_by: null,
        decision: "keep",
      },
      {
        subject_type: "stall",
        subject_id: String(stallRow),
        reporter_id: s,
        reason: "closed",
        details: "",
        decided_by: m,
        decision: "keep",
      },
      {
        subject_type: "trail",
        subject_id: String(trailRow),
        reporter_id: r,
        reason: "spam",
        details: "ads",
        decided_by: null,
        decision: null,
      },
      {
        subject_type: "trail",
        subject_id: String(trailRow),
        reporter_id: s,
        reason: "offensive",
        details: "",
        decided_by: m,
        decision: "hide",
      },
    ]);
    const gone = await db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%\\_reports' ESCAPE '\\'")
      .all();
    expect(gone.results).toEqual([]);
  });
});
