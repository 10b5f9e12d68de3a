import { env } from "cloudflare:test";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { IDEMPOTENCY_FIELD } from "~/lib/http/idempotency";
import { ModelError } from "~/models/model-error";
import {
  answerFormOnce,
  done,
  invalid,
  keepActionHeaders,
  refusal,
  resourceAction,
} from "~/request/answers.server";
import { createUser } from "../../tests/factories";

const schema = z.object({ username: z.string().min(3, "At least 3 letters") });

/** A form filled with `username`; a form sent once carries its fill's idempotency key. */
function fill(username: string, key?: string) {
  const formData = new FormData();
  formData.set("username", username);
  if (key) formData.set(IDEMPOTENCY_FIELD, key);
  return formData;
}

const submit = (username: string) => parseWithZod(fill(username), { schema });

describe("refusal", () => {
  it("puts a refusal that names a field beside that field, not in the toast", () => {
    const answer = refusal(
      new ModelError(409, "Username already taken", { field: "username" }),
      submit("chaat_fan"),
    );
    expect(answer.init?.status).toBe(409);
    expect(answer.data.ok).toBe(false);
    expect(answer.data.message).toBeNull();
    expect(answer.data.result?.error).toEqual({ username: ["Username already taken"] });
    // What was typed comes back, so the form keeps it.
    expect(answer.data.result?.initialValue).toEqual({ username: "chaat_fan" });
  });

  it("says any other refusal as the message, and on the form", () => {
    const answer = refusal(
      new ModelError(409, "Another moderator has already decided this."),
      submit("meena"),
    );
    expect(answer.init?.status).toBe(409);
    expect(answer.data.message).toBe("Another moderator has already decided this.");
    expect(answer.data.result?.error).toEqual({ "": ["Another moderator has already decided this."] });
  });

  it("says a field's refusal as the message when no form asked", () => {
    const answer = refusal(new ModelError(404, "Stall not found", { field: "stallId" }));
    expect(answer.init?.status).toBe(404);
    expect(answer.data).toEqual({ ok: false, message: "Stall not found", result: undefined });
  });

  it("keeps the status and says when to try again", () => {
    const answer = refusal(new ModelError(429, "Too many e-mails", { retryAfterSeconds: 1800 }));
    expect(answer.init?.status).toBe(429);
    expect(new Headers(answer.init?.headers).get("Retry-After")).toBe("1800");
    expect(new Headers(refusal(new ModelError(400, "No")).init?.headers).has("Retry-After")).toBe(false);
  });

  it("rethrows anything that is not a model's refusal, for the error boundary and the logs", () => {
    const fault = new Error("D1 is unavailable");
    expect(() => refusal(fault, submit("meena"))).toThrow(fault);
  });
});

describe("done and invalid", () => {
  it("answer success with its message, and refused input with 400 beside its fields", () => {
    expect(done("Review deleted")).toEqual({ ok: true, message: "Review deleted", result: undefined });
    const answer = invalid(submit("ab"));
    expect(answer.init?.status).toBe(400);
    expect(answer.data.ok).toBe(false);
    expect(answer.data.message).toBeNull();
    expect(Object.keys(answer.data.result?.error ?? {})).toEqual(["username"]);
  });
});

describe("keepActionHeaders", () => {
  it("sends the action's Retry-After with the page's own headers", () => {
    const headers = new Headers(
      keepActionHeaders({
        parentHeaders: new Headers({ "Cache-Control": "no-store" }),
        actionHeaders: new Headers({ "Retry-After": "1800" }),
        loaderHeaders: new Headers(),
        errorHeaders: undefined,
      }),
    );
    expect(headers.get("Retry-After")).toBe("1800");
    expect(headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("resourceAction", () => {
  it("sends a resource route's answers as Responses, with their status and Retry-After; a Response goes as it is", async () => {
    const refused = await resourceAction(async () =>
      refusal(new ModelError(429, "Too many e-mails", { retryAfterSeconds: 60 })),
    )({});
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(await refused.json()).toEqual({ ok: false, message: "Too many e-mails" });
    const sent = await resourceAction(async () => done("Sent"))({});
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ ok: true, message: "Sent" });
    const moved = new Response(null, { status: 302, headers: { Location: "/feed" } });
    expect(await resourceAction(async () => moved)({})).toBe(moved);
  });
});

describe("answerFormOnce", () => {
  it("answers refused input with 400 beside its field, without doing the work", async () => {
    const user = await createUser(env);
    let runs = 0;
    const answer = await answerFormOnce(
      getDb(env.DB),
      { userId: user.id, scope: "test refused", formData: fill("ab", "fill-0000000001") },
      schema,
      async () => {
        runs += 1;
        return done("Saved.");
      },
    );
    expect(runs).toBe(0);
    expect("init" in answer ? answer.init?.status : undefined).toBe(400);
    expect("data" in answer ? answer.data.result?.error : undefined).toEqual({
      username: ["At least 3 letters"],
    });
  });

  it("does a fill's work once with the parsed value: the same fill sent again hears the first answer", async () => {
    const user = await createUser(env);
    const seen: string[] = [];
    const send = () =>
      answerFormOnce(
        getDb(env.DB),
        { userId: user.id, scope: "test once", formData: fill("meena", "fill-0000000002") },
        schema,
        async (value) => {
          seen.push(value.username);
          return done(`Saved ${seen.length}.`);
        },
      );
    const first = await send();
    const again = await send();
    expect(seen).toEqual(["meena"]);
    for (const answer of [first, again]) {
      expect("data" in answer ? answer.data : undefined).toMatchObject({ ok: true, message: "Saved 1." });
    }
  });
});
