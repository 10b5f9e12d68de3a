import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { favourites, stallConfirmations, stalls } from "~/db/schema";
import { IDEMPOTENCY_FIELD } from "~/lib/http/idempotency";
import type { TrailView } from "~/lib/schemas/food-trail";
import { createFoodTrail, createSignedInUser, createStall } from "../factories";
import { sendToWorker } from "../worker-fetch";

// Writes made offline are replayed as their forms posted them (app/lib/client/offline-writes.ts): a plain POST to the
// page's URL with the fields and the write's own idempotency key, possibly more than once when an answer was lost.
// Through the whole Worker (build first), as the replay reaches it.
function replay(path: string, fields: Record<string, string>, token: string) {
  return sendToWorker(path, {
    method: "POST",
    // As a browser sends it: the action's origin check compares Origin with Host.
    headers: { Host: "127.0.0.1" },
    body: new URLSearchParams(fields),
    cookies: [`nukkad_session=${token}`],
  });
}

async function stallRowId(shopUniqueId: string) {
  const [row] = await getDb(env.DB)
    .select({ id: stalls.id })
    .from(stalls)
    .where(eq(stalls.shopUniqueId, shopUniqueId));
  return row?.id ?? -1;
}

describe("replaying a queued write", () => {
  it("a bookmark and its note sent twice leave exactly one row, with the note", async () => {
    const person = await createSignedInUser(env);
    const { shopUniqueId } = await createStall(env);
    const bookmark = {
      intent: "favourite",
      stallId: shopUniqueId,
      favourited: "true",
      [IDEMPOTENCY_FIELD]: "write-0001",
    };
    const note = {
      intent: "note",
      stallId: shopUniqueId,
      note: "Best after 8 pm",
      [IDEMPOTENCY_FIELD]: "write-0002",
    };
    for (const write of [bookmark, note, bookmark, note]) {
      expect((await replay("/bookmarks", write, person.token)).status).toBe(200);
    }
    const rows = await getDb(env.DB)
      .select({ note: favourites.note })
      .from(favourites)
      .where(and(eq(favourites.userId, person.id), eq(favourites.stallId, await stallRowId(shopUniqueId))));
    expect(rows).toEqual([{ note: "Best after 8 pm" }]);
  });

  it("the newest arrival wins per field: a rating replayed later leaves the note alone", async () => {
    const person = await createSignedInUser(env);
    const { shopUniqueId } = await createStall(env);
    const send = (fields: Record<string, string>) =>
      replay("/bookmarks", { stallId: shopUniqueId, ...fields }, person.token);
    await send({ intent: "favourite", favourited: "true" });
    await send({ intent: "note", note: "First thought" });
    await send({ intent: "note", note: "Second thought" });
    await send({ intent: "rating", personal_rating: "4" });
    const [row] = await getDb(env.DB)
      .select({ note: favourites.note, rating: favourites.personalRating })
      .from(favourites)
      .where(eq(favourites.userId, person.id));
    expect(row).toEqual({ note: "Second thought", rating: 4 });
  });

  it("refuses a write that can never succeed, so the queue drops it and tells the person", async () => {
    const person = await createSignedInUser(env);
    const { shopUniqueId } = await createStall(env);
    expect(
      (
        await replay(
          "/bookmarks",
          { intent: "favourite", stallId: shopUniqueId, favourited: "maybe" },
          person.token,
        )
      ).status,
    ).toBe(400);
    // A note on a stall that is not bookmarked.
    expect(
      (await replay("/bookmarks", { intent: "note", stallId: shopUniqueId, note: "x" }, person.token)).status,
    ).toBe(404);
    expect(
      (
        await replay(
          "/bookmarks",
          { intent: "favourite", stallId: "no-such-stall", favourited: "true" },
          person.token,
        )
      ).status,
    ).toBe(404);
  });

  it("a 'Still here?' answer sent again with its key hears the first answer and is stored once", async () => {
    const person = await createSignedInUser(env);
    const { shopUniqueId } = await createStall(env);
    const path = `/stall/${shopUniqueId}/still-here`;
    const answer = { answer: "still_here", [IDEMPOTENCY_FIELD]: "write-answer-1" };
    const first = await replay(path, answer, person.token);
    const again = await replay(path, answer, person.token);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    const rows = await getDb(env.DB)
      .select({ answer: stallConfirmations.answer })
      .from(stallConfirmations)
      .where(eq(stallConfirmations.userId, person.id));
    expect(rows).toEqual([{ answer: "still_here" }]);
    // Another answer (another key) inside the window is still refused, with its reason.
    const another = await replay(
      path,
      { answer: "moved", [IDEMPOTENCY_FIELD]: "write-answer-2" },
      person.token,
    );
    expect(another.status).toBe(429);
    expect(((await another.json()) as { message: string }).message).toContain("You already answered");
  });

  describe("a trail edit made offline", () => {
    /** A trail of three new stalls by a new person, and the editor's form for it as loaded: its fields and base. */
    async function trailBeingEdited() {
      const person = await createSignedInUser(env);
      const stops = [await createStall(env), await createStall(env), await createStall(env)];
      const trailId = await createFoodTrail(env, stops, {
        authorId: person.id,
        title: "Chandni Chowk evening",
        description: "Start with chaat",
      });
      const loaded = {
        title: "Chandni Chowk evening",
        description: "Start with chaat",
        visibility: "public" as const,
        start: null,
        stops: stops.map((stall) => ({ stallId: stall.shopUniqueId, note: null })),
      };
      const form = (edited: typeof loaded, key: string) => ({
        title: edited.title,
        description: edited.description,
        visibility: edited.visibility,
        ...Object.fromEntries(edited.stops.map((stop, index) => [`stops[${index}].stallId`, stop.stallId])),
        base: JSON.stringify(loaded),
        [IDEMPOTENCY_FIELD]: key,
      });
      const read = async () => {
        const response = await sendToWorker(`/api/trails/${trailId}`, {
          headers: { Authorization: `Bearer ${person.token}` },
        });
        const trail = (await response.json()) as TrailView;
        return {
          title: trail.title,
          description: trail.description,
          stops: trail.stops.map((s) => s.stall.id),
        };
      };
      return { person, trailId, stops, loaded, form, read };
    }

    it("sent twice, saves once and goes on to the trail's page, which the queue counts as done", async () => {
      const { person, trailId, loaded, form, read } = await trailBeingEdited();
      const path = `/food-trails/${trailId}/edit`;
      const edit = form({ ...loaded, title: "Old Delhi after dark" }, "write-trail-1");
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await replay(path, edit, person.token);
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe(`/food-trails/${trailId}`);
      }
      expect((await read()).title).toBe("Old Delhi after dark");
    });

    it("changes only the fields edited: another device's change to the others, made meanwhile, stays", async () => {
      const { person, trailId, stops, loaded, form, read } = await trailBeingEdited();
      // Meanwhile, on a phone: a new description (the API's PUT writes the whole trail).
      const elsewhere = await sendToWorker(`/api/trails/${trailId}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${person.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ ...loaded, description: "Kulfi at the end" }),
      });
      expect(elsewhere.status).toBe(200);
      // The edit queued offline on the laptop arrives later: a new title and the stops in another order.
      const reordered = [loaded.stops[2], loaded.stops[0], loaded.stops[1]] as typeof loaded.stops;
      const response = await replay(
        `/food-trails/${trailId}/edit`,
        form({ ...loaded, title: "Old Delhi after dark", stops: reordered }, "write-trail-2"),
        person.token,
      );
      expect(response.status).toBe(302);
      expect(await read()).toEqual({
        title: "Old Delhi after dark",
        description: "Kulfi at the end",
        stops: [stops[2], stops[0], stops[1]].map((stall) => stall?.shopUniqueId),
      });
    });

    it("is refused for good when the trail is gone or not the person's, and without a base replaces the trail", async () => {
      const { person, trailId, loaded, form, read } = await trailBeingEdited();
      const stranger = await createSignedInUser(env);
      const path = `/food-trails/${trailId}/edit`;
      const edit = form({ ...loaded, title: "Mine now" }, "write-trail-3");
      // Someone else's public trail: theirs to see, not to change.
      expect((await replay(path, edit, stranger.token)).status).toBe(403);
      expect((await replay("/food-trails/no-such-trail/edit", edit, person.token)).status).toBe(404);
      expect((await replay(path, { ...edit, title: "" }, person.token)).status).toBe(400);
      // An unreadable base is no base: the form is the whole trail, so the title another device gave it goes too.
      const elsewhere = await sendToWorker(`/api/trails/${trailId}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${person.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ ...loaded, title: "Named on the phone" }),
      });
      expect(elsewhere.status).toBe(200);
      const whole = { ...form({ ...loaded, description: "" }, "write-trail-4"), base: "{not json" };
      expect((await replay(path, whole, person.token)).status).toBe(302);
      expect(await read()).toMatchObject({ title: "Chandni Chowk evening", description: "" });
    });
  });

  it("a replay without a session is sent to sign in, and the write is kept for later", async () => {
    const { shopUniqueId } = await createStall(env);
    const response = await sendToWorker("/bookmarks", {
      method: "POST",
      headers: { Host: "127.0.0.1" },
      body: new URLSearchParams({ intent: "favourite", stallId: shopUniqueId, favourited: "true" }),
    });
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
  });
});
