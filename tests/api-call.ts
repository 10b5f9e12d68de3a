import { env } from "cloudflare:test";
import { expect } from "vitest";
import { api } from "~/api";

// The JSON API as a client calls it, without the Worker around it: a bearer token, a JSON body when there is one.

export function call(method: string, path: string, token?: string, body?: unknown) {
  return api.request(
    `/api${path}`,
    {
      method,
      headers: {
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    env,
  );
}

/** The answer's JSON, once its status is the one expected (the body is in the failure message otherwise). */
export async function json<T = Record<string, unknown>>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}
