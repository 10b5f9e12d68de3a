import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { TRAIL_LISTS } from "~/lib/schemas/food-trail";
import { createSignedInUser } from "../factories";
import { sendToWorker } from "../worker-fetch";

// Issue 34, section 5: the JSON API does what the pages do and says so. Usernames through the API, empty bodies,
// JSON answers to every unmatched request, unknown query parameters refused, and the OpenAPI document made from the
// route table and its schemas.

let member = { id: "", token: "" };
let moderator = { id: "", token: "" };

beforeAll(async () => {
  member = await createSignedInUser(env);
  moderator = await createSignedInUser(env, { role: "moderator" });
});

function call(method: string, path: string, options: { token?: string; body?: string } = {}) {
  return api.request(
    path,
    {
      method,
      headers: {
        "Content-Type": "application/json",
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body,
    },
    env,
  );
}

async function json<T = Record<string, unknown>>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  return JSON.parse(text) as T;
}

const profileBody = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ full_name: "Asha Rao", ...extra });

describe("a username through the API", () => {
  it("PUT /api/profile sets the username, with the complete-profile form's rules", async () => {
    const set = await json(
      await call("PUT", "/api/profile", { token: member.token, body: profileBody({ username: "Asha_API" }) }),
      200,
    );
    expect(set.username).toBe("asha_api");
    // The account can now be found, followed and mentioned by that name.
    expect((await json(await call("GET", "/api/users/asha_api"), 200)).username).toBe("asha_api");

    const bad = await json(
      await call("PUT", "/api/profile", { token: member.token, body: profileBody({ username: "a b" }) }),
      400,
    );
    expect(bad.field).toBe("username");

    const other = await createSignedInUser(env);
    const taken = await json(
      await call("PUT", "/api/profile", { token: other.token, body: profileBody({ username: "asha_api" }) }),
      409,
    );
    expect(taken).toEqual({ error: "Username already taken", field: "username" });

    // Without a username the profile keeps the one it has; email and role are still refused.
    expect(
      (await json(await call("PUT", "/api/profile", { token: member.token, body: profileBody() }), 200))
        .username,
    ).toBe("asha_api");
    expect(
      (
        await json(
          await call("PUT", "/api/profile", { token: member.token, body: profileBody({ role: "admin" }) }),
          400,
        )
      ).error,
    ).toMatch(/role/);
  });

  it("GET /api/profile/check-username answers the spec's availability messages", async () => {
    const other = await createSignedInUser(env);
    expect(
      await json(
        await call("GET", "/api/profile/check-username?username=asha_api", { token: other.token }),
        200,
      ),
    ).toEqual({
      available: false,
      message: "Username already taken",
    });
    expect(
      await json(
        await call("GET", "/api/profile/check-username?username=nobody_yet", { token: other.token }),
        200,
      ),
    ).toEqual({
      available: true,
      message: "Username is available",
    });
    // Its own username is available to its owner.
    expect(
      (
        await json(
          await call("GET", "/api/profile/check-username?username=asha_api", { token: member.token }),
          200,
        )
      ).available,
    ).toBe(true);
  });
});

describe("an empty JSON body is {}", () => {
  it("PUT /api/users/:username/follow and PUT /api/posts/:id/like flip with Content-Type JSON and no body", async () => {
    const follower = await createSignedInUser(env);
    expect(
      (await json(await call("PUT", "/api/users/asha_api/follow", { token: follower.token }), 200)).following,
    ).toBe(true);
    expect(
      (await json(await call("PUT", "/api/users/asha_api/follow", { token: follower.token }), 200)).following,
    ).toBe(false);

    const post = await json<{ id: string }>(
      await call("POST", "/api/posts", {
        token: member.token,
        body: JSON.stringify({ type: "tip", text: "Go early" }),
      }),
      201,
    );
    expect(
      (await json(await call("PUT", `/api/posts/${post.id}/like`, { token: follower.token }), 200)).liked,
    ).toBe(true);
    expect(
      (await json(await call("PUT", `/api/posts/${post.id}/like`, { token: follower.token }), 200)).liked,
    ).toBe(false);
  });

  it("an empty body where fields are required names the first of them", async () => {
    expect((await json(await call("PUT", "/api/profile", { token: member.token }), 400)).field).toBe(
      "full_name",
    );
  });
});

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The route table's endpoints by path, with a concrete path for each (parameters filled in). */
function tablePaths() {
  const byPath = new Map<string, Set<string>>();
  for (const route of api.routes) {
    if (route.method === "ALL") continue;
    byPath.set(route.path, (byPath.get(route.path) ?? new Set()).add(route.method));
  }
  return [...byPath].map(([pattern, methods]) => ({
    pattern,
    path: pattern.replace(/:\w+/g, "zz9"),
    methods,
  }));
}

describe("requests no route answers", () => {
  it.each([
    ["GET", "/api/reports"],
    ["DELETE", "/api/posts"],
    ["POST", "/api/shop/zzz"],
    ["POST", "/api/health"],
    ["GET", "/api/nothing-here"],
  ])(
    "%s %s with a JSON body answers JSON through the whole Worker, never Remix's 500",
    async (method, path) => {
      const response = await sendToWorker(path, {
        method,
        headers: { "Content-Type": "application/json" },
        body: method === "GET" ? undefined : '{"a":1}',
      });
      expect([404, 405]).toContain(response.status);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(await response.json()).toHaveProperty("error");
    },
  );

  it("POST /api/health answers 405 with Allow; GET /api/nothing-here 404", async () => {
    const response = await call("POST", "/api/health");
    expect(await json(response, 405)).toHaveProperty("error");
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
    expect(await json(await call("GET", "/api/nothing-here"), 404)).toEqual({ error: "Not found" });
  });

  // Every path of the route table, with every method it does not answer: JSON 405 naming the methods it does.
  it("walks the route table with every method", async () => {
    const misses: string[] = [];
    const table = tablePaths();
    // A path such as /api/trails/generate is also /api/trails/:trailId for GET: that is the other route's answer.
    const answeredElsewhere = (path: string, method: string) =>
      table.some(
        (other) =>
          other.methods.has(method) && new RegExp(`^${other.pattern.replace(/:\w+/g, "[^/]+")}$`).test(path),
      );
    for (const { pattern, path, methods } of table) {
      for (const method of METHODS.filter((m) => !methods.has(m) && !answeredElsewhere(path, m))) {
        const response = await call(method, path, { token: moderator.token });
        const allow = response.headers.get("Allow")?.split(", ") ?? [];
        const type = response.headers.get("Content-Type") ?? "";
        const fine =
          response.status === 405 &&
          type.startsWith("application/json") &&
          [...methods].every((m) => allow.includes(m)) &&
          !allow.includes(method);
        if (!fine)
          misses.push(`${method} ${pattern} -> ${response.status} ${type} Allow: ${allow.join(",")}`);
        await response.body?.cancel();
      }
    }
    expect(misses).toEqual([]);
  });
});

describe("unknown query parameters", () => {
  it("GET /api/trails?tab=curated answers 400 naming tab, instead of the popular list", async () => {
    expect(await json(await call("GET", "/api/trails?tab=curated"), 400)).toEqual({
      error: "Unknown query parameter: tab",
      field: "tab",
    });
    await json(await call("GET", "/api/trails?list=curated"), 200);
  });

  it("names every unknown parameter, on routes without a query schema too", async () => {
    expect(await json(await call("GET", "/api/health?verbose=1&x=2"), 400)).toEqual({
      error: "Unknown query parameters: verbose, x",
      field: "verbose",
    });
    expect((await json(await call("GET", "/api/search?q=dosa&page=2"), 400)).field).toBe("page");
  });
});

interface Operation {
  security?: unknown[];
  parameters?: { name: string; in: string; required: boolean; schema: { enum?: string[] } }[];
  requestBody?: {
    content: {
      "application/json": { schema: { properties: Record<string, unknown>; additionalProperties?: unknown } };
    };
  };
}

describe("GET /api/openapi.json", () => {
  let document: { openapi: string; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    document = await json(await call("GET", "/api/openapi.json"), 200);
  });

  it("is OpenAPI 3.1 and lists every route under /api with its methods", () => {
    expect(document.openapi).toBe("3.1.0");
    const missing = tablePaths().flatMap(({ pattern, methods }) =>
      [...methods]
        .filter((m) => !document.paths[pattern.replace(/:(\w+)/g, "{$1}")]?.[m.toLowerCase()])
        .map((m) => `${m} ${pattern}`),
    );
    expect(missing).toEqual([]);
  });

  it("describes GET /api/trails's list with the values the validator accepts", async () => {
    const list = document.paths["/api/trails"]?.get?.parameters?.find((p) => p.name === "list");
    expect(list?.schema.enum).toEqual([...TRAIL_LISTS]);
    for (const value of list?.schema.enum ?? []) {
      const response = await call(
        "GET",
        `/api/trails?list=${value}${value === "near" ? "&near=12.97,77.64" : ""}`,
        { token: member.token },
      );
      expect(response.status, value).toBe(200);
    }
    expect((await call("GET", "/api/trails?list=elsewhere")).status).toBe(400);
  });

  it("describes PUT /api/profile's body as the validator checks it: username accepted, other keys refused", () => {
    const operation = document.paths["/api/profile"]?.put;
    expect(operation?.security).toEqual([{ bearer: [] }]);
    const schema = operation?.requestBody?.content["application/json"].schema;
    expect(Object.keys(schema?.properties ?? {})).toEqual(
      expect.arrayContaining(["full_name", "username", "bio"]),
    );
    expect(schema?.additionalProperties).toBe(false);
  });
});

describe("/developers", () => {
  it("renders the reference from the document, with no script or style from elsewhere", async () => {
    const response = await sendToWorker("/developers");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('href="/api/openapi.json"');
    expect(html).toContain("/api/profile/check-username");
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
  });
});
