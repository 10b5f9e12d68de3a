// Loads seed data into the local D1 that `npm start` serves.
//   npm run db:seed                      the embedded stalls and accounts (refuses a non-empty database)
//   npm run db:seed -- --if-empty        the same, silently skipped when stalls exist (used by npm start)
//   npm run db:seed -- --stalls 100000   adds that many synthetic stalls, e.g. to try the app at scale
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { trailSaves } from "../app/db/schema";
import { hashPassword } from "../app/lib/auth/password";
import { newTrailStatements, recomputeSaves } from "../app/models/food-trail/write.server";
import { newReviewStatement, recomputeRating } from "../app/models/review.server";
import { newStallStatements } from "../app/models/stall/submit.server";
import { newUserStatements } from "../app/models/user.server";
import { statementBuilder, toSqlText } from "./lib/sql-text";
import { queryLocal, wrangler } from "./lib/wrangler";
import {
  embeddedStalls,
  SEED_ACCOUNTS,
  SEED_REVIEWERS,
  SEED_TRAILS,
  seedReviews,
  syntheticStalls,
} from "./seed-data";

const { values } = parseArgs({
  options: { "if-empty": { type: "boolean", default: false }, stalls: { type: "string" } },
});

function execute(lines: string[], label: string) {
  const dir = mkdtempSync(join(tmpdir(), "nukkad-seed-"));
  const file = join(dir, "seed.sql");
  try {
    writeFileSync(file, lines.join("\n"));
    wrangler(["d1", "execute", "DB", "--local", "--yes", "--file", file], { quiet: true });
    console.log(label);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function seedEmbedded() {
  const [{ n } = { n: 0 }] = queryLocal<{ n: number }>("SELECT COUNT(*) AS n FROM stalls");
  if (n > 0) {
    if (values["if-empty"]) return;
    throw new Error(`The local database already has ${n} stalls; seed data goes only into an empty one.`);
  }
  const lines: string[] = [];
  const accountIds: string[] = [];
  for (const account of SEED_ACCOUNTS) {
    const { id, statements } = newUserStatements(statementBuilder, {
      email: account.email,
      passwordHash: await hashPassword(account.password),
      fullName: account.fullName,
      username: account.username,
      role: account.role,
      emailVerifiedAt: Date.now(),
    });
    accountIds.push(id);
    lines.push(...toSqlText(statements));
  }
  const reviewerIds: string[] = [];
  for (const reviewer of SEED_REVIEWERS) {
    const { id, statements } = newUserStatements(statementBuilder, {
      ...reviewer,
      passwordHash: null,
      emailVerifiedAt: Date.now(),
    });
    reviewerIds.push(id);
    lines.push(...toSqlText(statements));
  }
  const now = Date.now();
  const { approved, pending } = embeddedStalls(now);
  const reviews = seedReviews(approved, now);
  let reviewCount = 0;
  const stallsByName = new Map<string, ((typeof approved)[number] & { shopUniqueId: string })[]>();
  for (const [index, stall] of approved.entries()) {
    const { shopUniqueId, statements } = newStallStatements(statementBuilder, stall);
    stallsByName.set(stall.name, [...(stallsByName.get(stall.name) ?? []), { ...stall, shopUniqueId }]);
    lines.push(...toSqlText(statements));
    const stallReviews = reviews[index] ?? [];
    if (stallReviews.length === 0) continue;
    reviewCount += stallReviews.length;
    lines.push(
      ...toSqlText([
        ...stallReviews.map((review) =>
          newReviewStatement(statementBuilder, {
            shopUniqueId,
            userId: reviewerIds[review.reviewer] as string,
            rating: review.rating,
            body: review.body,
            createdAt: review.createdAt,
          }),
        ),
        // The stall's figures come from its reviews, by the statement the app runs after every review.
        recomputeRating(
          statementBuilder,
          sql`(SELECT id FROM stalls WHERE shop_unique_id = ${shopUniqueId})`,
        ),
      ]),
    );
  }
  for (const stall of pending) {
    const submitted = { ...stall, createdBy: accountIds[0] ?? null };
    lines.push(...toSqlText(newStallStatements(statementBuilder, submitted).statements));
  }
  for (const trail of SEED_TRAILS) {
    const { publicId, statements } = newTrailStatements(statementBuilder, {
      authorId: trail.author === "curated" ? null : (reviewerIds[trail.author] as string),
      curated: trail.author === "curated",
      title: trail.title,
      description: trail.description,
      visibility: "public",
      start: null,
      createdAt: now - trail.daysAgo * 24 * 60 * 60 * 1000,
      stops: trail.stops.map(({ stall: name, note }) => {
        // A name two stalls share ("Midnight Raju") cannot say which one a trail means.
        const [stall, ...namesakes] = stallsByName.get(name) ?? [];
        if (!stall || namesakes.length > 0) {
          throw new Error(`Seed trail "${trail.title}": no single seeded stall is named "${name}"`);
        }
        return { stall, note };
      }),
    });
    const trailRowId = sql`(SELECT id FROM trails WHERE public_id = ${publicId})`;
    lines.push(
      ...toSqlText([
        ...statements,
        ...trail.savedBy.map((reviewer) =>
          statementBuilder
            .insert(trailSaves)
            .values({ trailId: trailRowId, userId: reviewerIds[reviewer] as string }),
        ),
        recomputeSaves(statementBuilder, trailRowId),
      ]),
    );
  }
  execute(
    lines,
    `Seeded ${approved.length} approved and ${pending.length} pending stalls, ${reviewCount} reviews, ${SEED_TRAILS.length} food trails and ${SEED_ACCOUNTS.length} accounts.`,
  );
}

function seedSynthetic(count: number) {
  const seed = Date.now() % 100000;
  const chunk = 5000;
  for (let start = 0; start < count; start += chunk) {
    const stalls = syntheticStalls(Math.min(chunk, count - start), seed + start, Date.now());
    const lines = stalls.flatMap((stall) =>
      toSqlText(newStallStatements(statementBuilder, stall).statements),
    );
    execute(lines, `Added synthetic stalls ${start + 1}-${start + stalls.length} of ${count}.`);
  }
}

if (values.stalls) {
  const count = Number(values.stalls);
  if (!Number.isInteger(count) || count < 1) throw new Error("--stalls takes a whole number above 0");
  seedSynthetic(count);
} else {
  await seedEmbedded();
}
