import { describe, expect, it } from "vitest";
import { ARGON2_PARAMS, hashPassword, PBKDF2_MAX_ITERATIONS, verifyPassword } from "~/lib/auth/password";

// Made by the reference implementation (Debian's argon2 CLI):
//   echo -n "masala dosa" | argon2 "nukkad-salt-0001" -id -t 2 -k 19456 -p 1 -l 32 -e
const REFERENCE =
  "$argon2id$v=19$m=19456,t=2,p=1$bnVra2FkLXNhbHQtMDAwMQ$igTo/JSVY5WYvJqHxw6LDlT1wKODIxo7tTBufL0loe4";

async function pbkdf2Hash(password: string, iterations: number) {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    256,
  );
  const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
  return `pbkdf2-sha256$${iterations}$${b64(salt)}$${b64(new Uint8Array(bits))}`;
}

describe("password hashing", () => {
  // Audit: passwords were stored as PBKDF2-SHA256 at 100,000 iterations. This runs in workerd, which refuses
  // to compile WebAssembly from bytes, so it also proves the .wasm modules arrive compiled.
  it("stores argon2id at OWASP's minimum (m=19456 KiB, t=2, p=1) in PHC format with a 16-byte salt", async () => {
    expect(ARGON2_PARAMS).toEqual({ memorySize: 19_456, iterations: 2, parallelism: 1 });
    const stored = await hashPassword("masala dosa");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(stored).not.toContain("masala dosa");
  });

  it("agrees with the reference implementation", async () => {
    expect(await verifyPassword("masala dosa", REFERENCE)).toEqual({ valid: true, needsRehash: false });
    expect((await verifyPassword("masala dosA", REFERENCE)).valid).toBe(false);
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

  it("verifies a PBKDF2 hash from before argon2id and asks for a rehash", async () => {
    const legacy = await pbkdf2Hash("chai", 1000);
    expect(await verifyPassword("chai", legacy)).toEqual({ valid: true, needsRehash: true });
    expect(await verifyPassword("coffee", legacy)).toEqual({ valid: false, needsRehash: false });
  });

  it("asks for a rehash of an argon2id hash with other parameters", async () => {
    // echo -n "masala dosa" | argon2 "nukkad-salt-0001" -id -t 1 -k 8192 -p 1 -l 32 -e
    const weaker =
      "$argon2id$v=19$m=8192,t=1,p=1$bnVra2FkLXNhbHQtMDAwMQ$xJ1GIGpKFVZ3474VIGrBSlAHd7HCUY4l3JsZoheI1Rw";
    expect(await verifyPassword("masala dosa", weaker)).toEqual({ valid: true, needsRehash: true });
  });

  it.each([
    "",
    "plain",
    "md5$1$a$b",
    `pbkdf2-sha256$${PBKDF2_MAX_ITERATIONS + 1}$c2FsdA==$aGFzaGhhc2hoYXNoaGFzaA==`,
    "pbkdf2-sha256$abc$c2FsdA==$aGFzaA==",
    "$argon2id$v=19$m=1048576,t=2,p=1$bnVra2FkLXNhbHQtMDAwMQ$igTo/JSVY5WYvJqHxw6LDlT1wKODIxo7tTBufL0loe4",
    "$argon2id$v=19$m=19456,t=99,p=1$bnVra2FkLXNhbHQtMDAwMQ$igTo/JSVY5WYvJqHxw6LDlT1wKODIxo7tTBufL0loe4",
    "$argon2i$v=19$m=19456,t=2,p=1$bnVra2FkLXNhbHQtMDAwMQ$igTo/JSVY5WYvJqHxw6LDlT1wKODIxo7tTBufL0loe4",
    "$argon2id$v=16$m=19456,t=2,p=1$bnVra2FkLXNhbHQtMDAwMQ$igTo/JSVY5WYvJqHxw6LDlT1wKODIxo7tTBufL0loe4",
  ])("treats malformed or over-cost stored value %j as not matching", async (stored) => {
    expect(await verifyPassword("masala dosa", stored)).toEqual({ valid: false, needsRehash: false });
  });
});
