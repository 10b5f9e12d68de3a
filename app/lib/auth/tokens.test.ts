import { describe, expect, it } from "vitest";
import { randomId, randomToken, sha256Hex } from "~/lib/auth/tokens";

describe("tokens", () => {
  it("makes URL-safe tokens of 256 bits that do not repeat", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => randomToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it("hashes with SHA-256 as lower-case hex", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("makes short URL-safe ids of the asked length", () => {
    expect(randomId()).toMatch(/^[0-9a-zA-Z]{10}$/);
    expect(randomId(16)).toHaveLength(16);
  });
});
