import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { findLookAlikeStalls, findLookAlikesOfEach } from "~/models/stall/stall.server";
import { createStall } from "../factories";

// Indiranagar, 100 Feet Road; 0.0005° of latitude is about 55 m.
const PIN = { lat: 12.9719, lng: 77.6412 };

describe("findLookAlikeStalls", () => {
  it("finds approved and pending stalls with look-alike names within about 100 m, nearest first", async () => {
    const near = await createStall(env, {
      name: "Sharma Chaat Corner",
      latitude: PIN.lat + 0.0005,
      longitude: PIN.lng,
    });
    const pending = await createStall(env, {
      name: "Sharma Chaat",
      latitude: PIN.lat,
      longitude: PIN.lng + 0.0002,
      status: "pending",
    });
    await createStall(env, { name: "Sharma Chaat Stall", latitude: PIN.lat + 0.002, longitude: PIN.lng }); // ~220 m
    await createStall(env, { name: "Gupta Kulfi", latitude: PIN.lat, longitude: PIN.lng + 0.0001 });
    await createStall(env, {
      name: "Sharma Chaat Point",
      latitude: PIN.lat,
      longitude: PIN.lng - 0.0003,
      status: "rejected",
      statusReason: "Duplicate",
    });

    const found = await findLookAlikeStalls(getDb(env.DB), {
      center: PIN,
      name: "sharma chaat stall",
      pending: "all",
    });

    expect(found.map((s) => [s.id, s.status])).toEqual([
      [pending.shopUniqueId, "pending"],
      [near.shopUniqueId, "approved"],
    ]);
    expect(found[1]?.distance).toBeCloseTo(0.1, 1);
  });

  it("leaves out the stall being reviewed", async () => {
    const center = { lat: 28.6315, lng: 77.2167 };
    const stall = await createStall(env, {
      name: "Kake Da Dhaba",
      latitude: center.lat,
      longitude: center.lng,
    });
    const db = getDb(env.DB);
    expect(await findLookAlikeStalls(db, { center, name: "Kake Da Dhaba", pending: "all" })).toHaveLength(1);
    expect(
      await findLookAlikeStalls(db, {
        center,
        name: "Kake Da Dhaba",
        excludeShopUniqueId: stall.shopUniqueId,
        pending: "all",
      }),
    ).toEqual([]);
  });

  it("answers several pins at once, each with its own look-alikes", async () => {
    const koramangala = { lat: 12.9279, lng: 77.6271 };
    const chandniChowk = { lat: 28.6506, lng: 77.2303 };
    const momos = await createStall(env, {
      name: "Dolma Aunty Momos",
      latitude: koramangala.lat,
      longitude: koramangala.lng,
    });
    const paratha = await createStall(env, {
      name: "Pandit Paratha",
      latitude: chandniChowk.lat,
      longitude: chandniChowk.lng,
    });

    const [nearMomos, nearParatha, nowhere] = await findLookAlikesOfEach(getDb(env.DB), [
      { center: koramangala, name: "Dolma Aunty Momo Stall", pending: "all" },
      { center: chandniChowk, name: "Pandit Paratha", pending: "all" },
      { center: chandniChowk, name: "Dolma Aunty Momos", pending: "all" },
    ]);

    expect(nearMomos?.map((s) => s.id)).toEqual([momos.shopUniqueId]);
    expect(nearParatha?.map((s) => s.id)).toEqual([paratha.shopUniqueId]);
    expect(nowhere).toEqual([]);
    expect(await findLookAlikesOfEach(getDb(env.DB), [])).toEqual([]);
  });
});
