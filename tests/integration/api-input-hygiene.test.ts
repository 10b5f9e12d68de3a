import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { createSignedInUser, createStall } from "../factories";

// Input hygiene at the JSON API (outside audit): bodies that are not JSON objects, and text fields holding
// control, direction-changing or only invisible characters.

let token = "";
let stallId = "";

beforeAll(async () => {
  token = (await createSignedInUser(env)).token;
  stallId = (await createStall(env)).shopUniqueId;
});

function send(method: string, path: string, body: string) {
  return api.request(
    path,
    {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body,
    },
    env,
  );
}

describe("JSON bodies that are not objects", () => {
  const ENDPOINTS = [
    ["POST", "/api/shop"],
    ["PUT", "/api/profile"],
    ["PUT", "/api/profile/favorites"],
    ["PUT", "/api/reviews/STALL"],
    ["POST", "/api/shop/STALL/reports"],
    ["POST", "/api/shop/STALL/claims"],
    ["POST", "/api/auth/signin"],
  ] as const;
  const cases = ENDPOINTS.flatMap(([method, path]) =>
    ["null", "[]", "3", '"text"'].map((body) => ({ method, path, body })),
  );

  // Reproduction: POST /api/shop with the JSON body `null` answered 500 (a refinement read null.images).
  it.each(cases)(
    "$method $path with the body $body answers 400 { error }",
    async ({ method, path, body }) => {
      const response = await send(method, path.replace("STALL", stallId), body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "The request body must be a JSON object" });
    },
  );

  it("still answers 400 for JSON that does not parse", async () => {
    const response = await send("POST", "/api/shop", "{nope");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Malformed JSON in request body" });
  });
});
