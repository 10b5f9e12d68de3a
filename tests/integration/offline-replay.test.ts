import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { favourites, stallConfirmations, stalls } from "~/db/schema";
import { IDEMPOTENCY_FIELD } from "~/lib/http/idempotency";
import { createSignedInUser, createStall } from "../factories";
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
