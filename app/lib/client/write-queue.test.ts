import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_FIELD } from "~/lib/http/idempotency";
import { formBody, outcomeOf, planReplay, type QueuedWrite, toQueuedWrite } from "./write-queue";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

const write = (id: string, owner: string, createdAt: number): QueuedWrite => ({
  id,
  owner,
  url: "/bookmarks",
  fields: [],
  createdAt,
  refusal: "Failed",
});

describe("toQueuedWrite", () => {
  it("keeps the form's fields in order and gives the write its client id as the idempotency key", () => {
    const queued = toQueuedWrite(
      {
        url: "/bookmarks",
        form: form({ intent: "note", stallId: "abc", note: "Extra chutney" }),
        owner: "u1",
        refusal: "Failed",
      },
      "client-id-1",
      42,
    );
    expect(queued).toEqual({
      id: "client-id-1",
      owner: "u1",
      url: "/bookmarks",
      fields: [
        ["intent", "note"],
        ["stallId", "abc"],
        ["note", "Extra chutney"],
        [IDEMPOTENCY_FIELD, "client-id-1"],
      ],
      createdAt: 42,
      refusal: "Failed",
    });
    expect(formBody(queued).toString()).toBe(
      `intent=note&stallId=abc&note=Extra+chutney&${IDEMPOTENCY_FIELD}=client-id-1`,
    );
  });

  it("keeps a form's own idempotency key, so the queued write is the post that got no answer", () => {
    const queued = toQueuedWrite(
      {
        url: "/stall/abc/still-here",
        form: form({ answer: "moved", [IDEMPOTENCY_FIELD]: "fill-key-123" }),
        owner: "u1",
        refusal: "Failed",
      },
      "client-id-2",
      1,
    );
    expect(queued.id).toBe("fill-key-123");
    expect(queued.fields.filter(([name]) => name === IDEMPOTENCY_FIELD)).toEqual([
      [IDEMPOTENCY_FIELD, "fill-key-123"],
    ]);
  });

  it("leaves out files, which the queued writes never carry", () => {
    const data = form({ intent: "favourite" });
    data.append("photo", new File(["x"], "x.jpg"));
    expect(
      toQueuedWrite({ url: "/bookmarks", form: data, owner: "u1", refusal: "" }, "id-12345678", 1).fields,
    ).toEqual([
      ["intent", "favourite"],
      [IDEMPOTENCY_FIELD, "id-12345678"],
    ]);
  });
});

describe("planReplay", () => {
  it("sends the signed-in person's writes oldest first and never anyone else's", () => {
    const plan = planReplay(
      [write("c", "me", 30), write("x", "other", 5), write("a", "me", 10), write("b", "me", 20)],
      "me",
    );
    expect(plan.mine.map((w) => w.id)).toEqual(["a", "b", "c"]);
    expect(plan.others.map((w) => w.id)).toEqual(["x"]);
  });

  it("has nothing to send for someone with no writes", () => {
    expect(planReplay([write("a", "me", 1)], "someone")).toEqual({ mine: [], others: [write("a", "me", 1)] });
    expect(planReplay([], "me")).toEqual({ mine: [], others: [] });
  });
});

describe("outcomeOf", () => {
  const answer = (status: number, url = "http://127.0.0.1:8787/bookmarks", redirected = false) => ({
    status,
    url,
    redirected,
  });

  it("drops a write the server applied, a trail saved and sent on to its page included", () => {
    expect(outcomeOf(answer(200))).toBe("done");
    expect(outcomeOf(answer(201))).toBe("done");
    expect(outcomeOf(answer(200, "http://127.0.0.1:8787/food-trails/abc", true))).toBe("done");
  });

  it("drops a write the server refuses for good, to be told to the person", () => {
    for (const status of [400, 403, 404, 422, 429]) expect(outcomeOf(answer(status))).toBe("refused");
  });

  it("keeps a write for later after a server fault, a timeout, one still running, or a session that ended", () => {
    for (const status of [500, 502, 503, 408, 409]) expect(outcomeOf(answer(status))).toBe("retry");
    expect(
      outcomeOf(answer(200, "http://127.0.0.1:8787/auth?redirectTo=%2Ffood-trails%2Fabc%2Fedit", true)),
    ).toBe("retry");
  });
});
