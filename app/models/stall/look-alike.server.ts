import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { stalls } from "~/db/schema";
import { distanceKm, type LatLng } from "~/lib/rules/geo";
import { LOOK_ALIKE_RADIUS_KM, namesLookAlike } from "~/lib/rules/look-alike";
import { ringRanges } from "~/lib/rules/nearby-plan";
import type { ModerationStatus } from "~/lib/rules/options";
import { cellRange } from "./nearby.server";
import {
  fromRawListRow,
  listColumns,
  type RawListRow,
  type StallListItem,
  toStallListItem,
} from "./rows.server";

// Stalls that are probably the same place as a new one: near and with a look-alike name.

export interface LookAlikeStall extends StallListItem {
  status: ModerationStatus;
}

export interface LookAlikeQuery {
  center: LatLng;
  name: string;
  excludeShopUniqueId?: string;
  /** Whose pending stalls count: a contributor sees only their own (others' are nobody's business until approved),
   * the moderators' queue every one. */
  pending: "all" | { createdBy: string };
}

/**
 * Approved stalls, and the pending ones `pending` allows, within LOOK_ALIKE_RADIUS_KM of `center` whose names look
 * like `name`: the "Is it one of these?" check before a submission.
 */
export async function findLookAlikeStalls(
  db: Db,
  { now = new Date(), ...query }: LookAlikeQuery & { now?: Date },
): Promise<LookAlikeStall[]> {
  const [found] = await findLookAlikesOfEach(db, [query], now);
  return found ?? [];
}

/** findLookAlikeStalls for several stalls at once (a page of the moderation queue), in one round trip. */
export async function findLookAlikesOfEach(
  db: Db,
  queries: LookAlikeQuery[],
  now = new Date(),
): Promise<LookAlikeStall[][]> {
  // A bounding box of the grid cells around each pin; the partial status indexes keep every read small.
  const perQuery = queries.map(({ center, pending }) =>
    ringRanges(center, -1, LOOK_ALIKE_RADIUS_KM).flatMap((range) =>
      (["approved", "pending"] as const).map((status) => {
        const select = db
          .select({ ...listColumns, status: stalls.status })
          .from(stalls)
          .where(
            and(
              sql`${stalls.status} = ${sql.raw(`'${status}'`)}`,
              cellRange(range),
              status === "pending" && pending !== "all" ? eq(stalls.createdBy, pending.createdBy) : undefined,
            ),
          )
          .toSQL();
        return db.$client.prepare(select.sql).bind(...select.params);
      }),
    ),
  );
  const statements = perQuery.flat();
  if (statements.length === 0) return queries.map(() => []);
  const results = await db.$client.batch<RawListRow & { status: ModerationStatus }>(statements);
  let next = 0;
  return queries.map(({ center, name, excludeShopUniqueId }, index) => {
    const own = results.slice(next, next + (perQuery[index]?.length ?? 0));
    next += own.length;
    const alike: LookAlikeStall[] = [];
    for (const raw of own.flatMap((result) => result.results)) {
      if (raw.shop_unique_id === excludeShopUniqueId) continue;
      if (distanceKm(center, { lat: raw.latitude, lng: raw.longitude }) > LOOK_ALIKE_RADIUS_KM) continue;
      if (!namesLookAlike(name, raw.name)) continue;
      alike.push({ ...toStallListItem(fromRawListRow(raw), now, center), status: raw.status });
    }
    return alike.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0)).slice(0, 5);
  });
}
