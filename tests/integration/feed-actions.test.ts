import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "~/api";
import type { CommentView, PostView } from "~/lib/schemas/community";
import { createSignedInUser } from "../factories";

// The feed's page actions (/feed/actions) refuse another member's post or comment with the status /api/posts gives
// (403 for someone else's, 404 for none), as a form post without JavaScript and as Remix's fetch, and change nothing.

type User = Awaited<ReturnType<typeof createSignedInUser>>;

async function apiCall<T>(user: User, method: string, path: string, body?: unknown): Promise<T> {
  const response = await api.request(
    `/api${path}`,
    {
      method,
      headers: { Authorization: `Bearer ${user.token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    env,
  );
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

async function pageAction(user: User, path: string, fields: Record<string, string>) {
  const { sendToWorker } = await import("../worker-fetch");
  return sendToWorker(path, {
    method: "POST",
    headers: { Host: "127.0.0.1" },
    cookies: [`nukkad_session=${user.token}`],
    body: new URLSearchParams(fields),
  });
}

describe("/feed/actions on someone else's post or comment", () => {
  it("answers 403 for each edit and deletion, 404 for what does not exist, and changes nothing", async () => {
    const author = await createSignedInUser(env);
    const stranger = await createSignedInUser(env);
    const post = await apiCall<PostView>(author, "POST", "/posts", { type: "tip", text: "Go before seven" });
    const comment = await apiCall<CommentView>(author, "POST", `/posts/${post.id}/comments`, {
      text: "The chutney is the thing",
    });

    const attempts: [string, Record<string, string>, number][] = [
      ["update-post", { postId: post.id, type: "tip", text: "Taken over" }, 403],
      ["delete-post", { postId: post.id }, 403],
      ["update-comment", { commentId: String(comment.id), text: "Taken over" }, 403],
      ["delete-comment", { commentId: String(comment.id) }, 403],
      ["update-comment", { commentId: "987654321", text: "Nobody's" }, 404],
      ["delete-comment", { commentId: "987654321" }, 404],
    ];
    for (const path of ["/feed/actions", "/feed/actions.data"])
      for (const [intent, fields, status] of attempts) {
        const response = await pageAction(stranger, path, { intent, ...fields });
        expect(response.status, `${path} ${intent} ${JSON.stringify(fields)}`).toBe(status);
      }

    const after = await apiCall<PostView>(author, "GET", `/posts/${post.id}`);
    expect(after.text).toBe("Go before seven");
    const comments = await apiCall<{ data: CommentView[] }>(author, "GET", `/posts/${post.id}/comments`);
    expect(comments.data.map((c) => c.text)).toEqual(["The chutney is the thing"]);
  }, 60_000);
});
