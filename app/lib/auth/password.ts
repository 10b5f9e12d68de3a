// Password hashing with argon2id (ADR 011), stored in the PHC string format:
//   $argon2id$v=19$m=19456,t=2,p=1$<salt b64>$<hash b64>
// Hashes from before ADR 011 ("pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>") still verify, and ask to be
// replaced by an argon2id hash at the next successful sign-in.
import { argon2id, setWASMModules } from "argon2-wasm-edge";
import argon2WASM from "argon2-wasm-edge/wasm/argon2.wasm";
import blake2bWASM from "argon2-wasm-edge/wasm/blake2b.wasm";

// workerd refuses to compile WebAssembly from bytes at run time, so the library gets modules compiled at deploy.
setWASMModules({ argon2WASM, blake2bWASM });

/** OWASP's minimum for argon2id: 19 MiB of memory, 2 passes, 1 lane. */
export const ARGON2_PARAMS = { memorySize: 19_456, iterations: 2, parallelism: 1 } as const;
/** Stored hashes above these costs are refused rather than computed, so a bad row cannot stall a request. */
const ARGON2_MAX = { memorySize: 65_536, iterations: 10, parallelism: 4 } as const;
const SALT_BYTES = 16;
const HASH_BYTES = 32;

/** Cloudflare Workers reject PBKDF2 with more than 100,000 iterations; a unit test guards this cap. */
export const PBKDF2_MAX_ITERATIONS = 100_000;
const PBKDF2_SCHEME = "pbkdf2-sha256";

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** PHC strings use base64 without padding. */
const phcBase64 = (bytes: Uint8Array) => toBase64(bytes).replace(/=+$/, "");

type Argon2Params = { memorySize: number; iterations: number; parallelism: number };

async function argon2(password: string, salt: Uint8Array, params: Argon2Params, hashLength: number) {
  return argon2id({
    password: new TextEncoder().encode(password),
    salt,
    ...params,
    hashLength,
    outputType: "binary",
  });
}

const phc = (params: Argon2Params, salt: Uint8Array, hash: Uint8Array) =>
  `$argon2id$v=19$m=${params.memorySize},t=${params.iterations},p=${params.parallelism}$${phcBase64(salt)}$${phcBase64(hash)}`;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return phc(ARGON2_PARAMS, salt, await argon2(password, salt, ARGON2_PARAMS, HASH_BYTES));
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

export interface PasswordCheck {
  valid: boolean;
  /** True when the stored hash uses another scheme or older parameters: replace it after a successful sign-in. */
  needsRehash: boolean;
}

const NO_MATCH: PasswordCheck = { valid: false, needsRehash: false };
const PHC_PATTERN = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

async function verifyArgon2(password: string, stored: string): Promise<PasswordCheck> {
  const match = PHC_PATTERN.exec(stored);
  if (!match) return NO_MATCH;
  const [, m, t, p, saltText = "", hashText = ""] = match;
  const params = { memorySize: Number(m), iterations: Number(t), parallelism: Number(p) };
  if (
    params.memorySize > ARGON2_MAX.memorySize ||
    params.iterations < 1 ||
    params.iterations > ARGON2_MAX.iterations ||
    params.parallelism < 1 ||
    params.parallelism > ARGON2_MAX.parallelism ||
    params.memorySize < 8 * params.parallelism
  ) {
    return NO_MATCH;
  }
  const salt = fromBase64(saltText);
  const expected = fromBase64(hashText);
  if (salt.length < 8 || expected.length < 16) return NO_MATCH;
  const valid = constantTimeEqual(await argon2(password, salt, params, expected.length), expected);
  const current =
    params.memorySize === ARGON2_PARAMS.memorySize &&
    params.iterations === ARGON2_PARAMS.iterations &&
    params.parallelism === ARGON2_PARAMS.parallelism &&
    expected.length === HASH_BYTES;
  return { valid, needsRehash: valid && !current };
}

async function verifyPbkdf2(password: string, stored: string): Promise<PasswordCheck> {
  const [, iterationText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationText);
  if (!saltText || !hashText || !Number.isInteger(iterations) || iterations < 1) return NO_MATCH;
  if (iterations > PBKDF2_MAX_ITERATIONS) return NO_MATCH;
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  const expected = fromBase64(hashText);
  if (expected.length < 16) return NO_MATCH;
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: fromBase64(saltText) as BufferSource, iterations },
    key,
    expected.length * 8,
  );
  const valid = constantTimeEqual(new Uint8Array(bits), expected);
  return { valid, needsRehash: valid };
}

export async function verifyPassword(password: string, stored: string): Promise<PasswordCheck> {
  if (!password) return NO_MATCH;
  if (stored.startsWith("$argon2id$")) return verifyArgon2(password, stored);
  if (stored.startsWith(`${PBKDF2_SCHEME}$`)) return verifyPbkdf2(password, stored);
  return NO_MATCH;
}

// A well-formed hash that no password matches (its expected hash is all zeros), at today's parameters.
const DUMMY_HASH = phc(ARGON2_PARAMS, new Uint8Array(SALT_BYTES).fill(1), new Uint8Array(HASH_BYTES));

/**
 * The cost of checking a password, for an address with no password: an unknown address or a taken sign-up then
 * takes as long as a real check, so the time of an answer does not tell whether an account exists.
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  await verifyArgon2(password || " ", DUMMY_HASH);
}
