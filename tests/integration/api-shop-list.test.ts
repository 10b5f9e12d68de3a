import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { createStall, createUser } from "../factories";

type ListResponse = { items: Record<string, unknown>[]; nextCursor: string | null };

describe("GET /api/shop (list)", () => {
  beforeAll(async () => {
    const user = await createUser(env);
    for (let i = 0; i < 5; i++) {
      await createStall(env, { name: `Approved ${i}`, createdAt: Date.UTC(2026, 10, 1 + i) });
    }
    await createStall(env, { name: "Waiting", status: "pending", createdBy: user.id });
    await createStall(env, {
      name: "Refused",
      status: "rejected",
      statusReason: "Duplicate",
      createdBy: user.id,
    });
  });

  it("lists approved stalls only, newest first, in the spec's list shape", async () => {
    const response = await api.request("/api/shop", {}, env);
    expect(response.status).toBe(200);
    const body = (await response.json()) as ListResponse;
    expect(body.items.map((s) => s.name)).toEqual([
      "Approved 4",
      "Approved 3",
      "Approved 2",
      "Approved 1",
      "Approved 0",
    ]);
    const first = body.items[0] ?? {};
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining([
        "id",
        "name",
        "description",
        "thumbnail_image",
        "location",
        "gps_coordinates",
        "contact_number",
        "rating_average",
        "tags",
        "discovery_tags",
        "weekly_schedule",
        "created_at",
      ]),
    );
    expect(first.gps_coordinates).toMatch(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/);
    expect(first.id).toBe(first.shop_unique_id);
    expect(Array.isArray(first.tags)).toBe(true);
    expect(body.nextCursor).toBeNull();
  });

  it("pages with a cursor without repeating or skipping", async () => {
    const first = (await (await api.request("/api/shop?limit=2", {}, env)).json()) as ListResponse;
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await (
      await api.request(`/api/shop?limit=2&cursor=${first.nextCursor}`, {}, env)
    ).json()) as ListResponse;
    const third = (await (
      await api.request(`/api/shop?limit=2&cursor=${second.nextCursor}`, {}, env)
    ).json()) as ListResponse;
    const names = [...first.items, ...second.items, ...third.items].map((s) => s.name);
    expect(names).toEqual(["Approved 4", "Approved 3", "Approved 2", "Approved 1", "Approved 0"]);
    expect(third.nextCursor).toBeNull();
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["limit=2.5", "limit"],
    ["cursor=%21%21", "cursor"],
  ])("answers 400 naming the parameter for %s", async (query, field) => {
    const response = await api.request(`/api/shop?${query}`, {}, env);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; field: string };
    expect(body.field).toBe(field);
    expect(body.error).toContain(field);
  });
});
