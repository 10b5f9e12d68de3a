import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { createSignedInUser, createStall } from "../factories";

// Request and input hygiene through the whole Worker (outside audit): bodies that are not forms, redirect
// targets, invisible characters in text fields, and the headers and origin the Worker answers with.

const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;
const ORIGIN = "http://127.0.0.1";

async function send(path: string, init: RequestInit = {}, bindings: Partial<Env> = {}, origin = ORIGIN) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${origin}${path}`, { redirect: "manual", ...init }),
    { ...env, ASSETS: assets, ...bindings },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

let stallId = "";
let userCookie = "";
let moderatorCookie = "";

beforeAll(async () => {
  stallId = (await createStall(env, { name: "Ramu Pani Puri" })).shopUniqueId;
  userCookie = `nukkad_session=${(await createSignedInUser(env)).token}`;
  moderatorCookie = `nukkad_session=${(await createSignedInUser(env, { role: "moderator" })).token}`;
});

describe("page actions refuse a body that is not a form", () => {
  const PAGE_ACTIONS = [
    { path: "/auth", signedIn: false },
    { path: "/add-stall", signedIn: true },
    { path: "/complete-profile", signedIn: true },
    { path: "/bookmarks", signedIn: true },
    { path: "/reviews/STALL", signedIn: true },
    { path: "/newsletter", signedIn: false },
    { path: "/theme", signedIn: false },
    { path: "/forgot-password", signedIn: false },
    { path: "/reset-password", signedIn: false },
    { path: "/moderation", moderator: true },
    { path: "/moderation/reviews", moderator: true },
  ];
  const BODIES = [
    { kind: "JSON", type: "application/json", body: '{"email":"a@b.example"}' },
    { kind: "text/plain", type: "text/plain", body: "email=a@b.example" },
    { kind: "broken multipart", type: "multipart/form-data; boundary=x", body: "--x\r\nnot a part" },
    { kind: "no Content-Type", type: null, body: "email=a@b.example" },
  ];
  const cases = PAGE_ACTIONS.flatMap((action) => BODIES.map((body) => ({ ...action, ...body })));

  // Reproduction: curl -X POST /auth -H 'Content-Type: application/json' -d '{}' answered 500.
  it.each(cases)("POST $path with a $kind body answers 400, not 500", async (c) => {
    const cookie = c.moderator ? moderatorCookie : c.signedIn ? userCookie : null;
    const headers: Record<string, string> = { Origin: ORIGIN, Host: "127.0.0.1" };
    if (c.type) headers["Content-Type"] = c.type;
    if (cookie) headers.Cookie = cookie;
    const response = await send(c.path.replace("STALL", stallId), {
      method: "POST",
      headers,
      body: c.type ? c.body : new TextEncoder().encode(c.body),
    });
    expect(response.status).toBe(400);
  });
});
