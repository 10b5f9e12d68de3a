import { describe, expect, it } from "vitest";
import { hashPassword, PBKDF2_ITERATIONS, PBKDF2_MAX_ITERATIONS, verifyPassword } from "./password";

describe("password hashing", () => {
  it("never exceeds the 100,000 iterations production Workers accept", () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    expect(PBKDF2_MAX_ITERATIONS).toBeLessThanOrEqual(100_000);
  });

  it("stores a versioned hash with the iteration count and a 16-byte salt", async () => {
    const stored = await hashPassword("masala dosa");
    const [scheme, iterations, salt] = stored.split("$");
    expect(scheme).toBe("pbkdf2-sha256");
    expect(Number(iterations)).toBe(PBKDF2_ITERATIONS);
    expect(atob(salt ?? "").length).toBe(16);
    expect(stored).not.toContain("masala dosa");
  });

  it("verifies the right password and rejects a wrong one", async () => {
    const stored = await hashPassword("masala dosa");
    expect(await verifyPassword("masala dosa", stored)).toEqual({ valid: true, needsRehash: false });
    expect((await verifyPassword("masala dosA", stored)).valid).toBe(false);
    expect((await verifyPassword("", stored)).valid).toBe(false);
  });

  it("salts every hash differently", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("asks for a rehash when the stored iteration count is older", async () => {
    const stored = await hashPassword("chai");
    const older = stored.replace(`$${PBKDF2_ITERATIONS}$`, "$1000$");
    // Same salt, different cost: the old hash does not match, so build a genuine one at 1000 iterations.
    const [, , salt] = older.split("$");
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode("chai"), "PBKDF2", false, [
      "deriveBits",
    ]);
    const bits = await crypto.subtle.deriveBits(
      {
        name: "PBKDF2",
        hash: "SHA-256",
        salt: Uint8Array.from(atob(salt ?? ""), (c) => c.charCodeAt(0)),
        iterations: 1000,
      },
      key,
      256,
    );
    const legacy = `pbkdf2-sha256$1000$${salt}$${btoa(String.fromCharCode(...new Uint8Array(bits)))}`;
    expect(await verifyPassword("chai", legacy)).toEqual({ valid: true, needsRehash: true });
  });

  it.each([
    "",
    "plain",
    "md5$1$a$b",
    "pbkdf2-sha256$999999$c2FsdA==$aGFzaA==",
    "pbkdf2-sha256$abc$c2FsdA==$aGFzaA==",
  ])("treats malformed or over-cost stored value %j as not matching", async (stored) => {
    expect(await verifyPassword("anything", stored)).toEqual({ valid: false, needsRehash: false });
  });
});
