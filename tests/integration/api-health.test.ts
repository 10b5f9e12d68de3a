import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "~/api";

describe("GET /api/health", () => {
  it("answers ok after a real D1 query", async () => {
    const response = await api.request("/api/health", {}, env);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("answers 503 with a JSON error when D1 fails", async () => {
    const brokenSession = {
      prepare() {
        throw new Error("D1_ERROR: database is unavailable");
      },
    };
    // Requests read through a D1 session (ADR 014): the broken database hands out a broken session.
    const brokenDb = { ...brokenSession, withSession: () => brokenSession } as unknown as D1Database;
    const response = await api.request("/api/health", {}, { ...env, DB: brokenDb });
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ error: "Database unavailable" });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await api.request("/api/nothing-here", {}, env);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found" });
  });
});
