import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createStall, createUser } from "../factories";

// The database itself refuses bad rows, whatever code writes them.
async function rejects(sql: string, ...params: unknown[]) {
  await expect(
    env.DB.prepare(sql)
      .bind(...params)
      .run(),
  ).rejects.toThrow(/constraint/i);
}

const stallInsert =
  "INSERT INTO stalls (shop_unique_id, name, latitude, longitude, grid_cell, status, status_reason, rating_average) VALUES (?, ?, ?, ?, 0, ?, ?, ?)";

describe("schema constraints", () => {
  it("keeps e-mail addresses unique and lower-case", async () => {
    await createUser(env, { email: "asha@example.com" });
    await rejects("INSERT INTO users (id, email) VALUES ('u2', 'asha@example.com')");
    await rejects("INSERT INTO users (id, email) VALUES ('u3', 'Asha@Example.com')");
    await rejects("INSERT INTO users (id, email) VALUES ('u4', 'not-an-email')");
  });

  it("allows only the three roles", async () => {
    await rejects("INSERT INTO users (id, email, role) VALUES ('u5', 'x@example.com', 'superuser')");
  });

  it("checks a stall's coordinates, status, rating and name", async () => {
    await rejects(stallInsert, "a1", "Chaat", 91, 77, "approved", null, null);
    await rejects(stallInsert, "a2", "Chaat", 12, 181, "approved", null, null);
    await rejects(stallInsert, "a3", "Chaat", 12, 77, "published", null, null);
    await rejects(stallInsert, "a4", "Chaat", 12, 77, "approved", null, 5.5);
    await rejects(stallInsert, "a5", "   ", 12, 77, "approved", null, null);
    await rejects(stallInsert, "a6", "Chaat", 12, 77, "rejected", null, null);
  });

  it("keeps shop_unique_id unique", async () => {
    await createStall(env, { shopUniqueId: "dup1" });
    await expect(createStall(env, { shopUniqueId: "dup1" })).rejects.toThrow(/UNIQUE/i);
  });

  it("accepts only the seven discovery tags", async () => {
    await expect(createStall(env, { discoveryTags: ["secret menu"] })).rejects.toThrow(/constraint/i);
  });

  it("stores a stall, its tags and discovery tags together, and removes the tags with the stall", async () => {
    const stall = await createStall(env, {
      tags: ["Spicy", "Cheap"],
      discoveryTags: ["hidden gem", "trending now"],
    });
    const row = await env.DB.prepare("SELECT id FROM stalls WHERE shop_unique_id = ?")
      .bind(stall.shopUniqueId)
      .first<{ id: number }>();
    const tags = await env.DB.prepare("SELECT tag FROM stall_tags WHERE stall_id = ? ORDER BY position")
      .bind(row?.id)
      .all();
    expect(tags.results.map((t) => t.tag)).toEqual(["Spicy", "Cheap"]);

    await env.DB.prepare("PRAGMA foreign_keys = ON").run();
    await env.DB.prepare("DELETE FROM stalls WHERE id = ?").bind(row?.id).run();
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM stall_tags WHERE stall_id = ?")
      .bind(row?.id)
      .first();
    expect(left?.n).toBe(0);
  });

  it("finds stalls by tag through an index, never a full scan", async () => {
    const plan = await env.DB.prepare(
      "EXPLAIN QUERY PLAN SELECT stall_id FROM stall_tags WHERE tag = 'Spicy'",
    ).all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join(" ")).toMatch(/USING (COVERING )?INDEX/);
  });

  it("finds approved stalls by grid cell through the partial spatial index", async () => {
    const plan = await env.DB.prepare(
      "EXPLAIN QUERY PLAN SELECT id FROM stalls WHERE status = 'approved' AND grid_cell BETWEEN 1 AND 5",
    ).all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join(" ")).toContain("stalls_approved_grid_idx");
  });
});
