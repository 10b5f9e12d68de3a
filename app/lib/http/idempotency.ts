// Idempotency keys as clients make and send them (the server's side: app/models/idempotency.server.ts).

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** The page forms send their key in this field. */
export const IDEMPOTENCY_FIELD = "idempotency_key";
/** A client-made key: a UUID, or any other unguessable text of reasonable length. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;
export const INVALID_IDEMPOTENCY_KEY =
  "Idempotency-Key must be 8 to 100 letters, digits, '-', '_', '.' or ':'";
export const IDEMPOTENCY_IN_FLIGHT = "This request is already being handled. Please wait a moment.";

/** A key for one fill of a form: made when the form appears, replaced after it succeeds. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The key of one photo upload within a form fill: the same file chosen again in the same fill is the same upload,
 * so a retry after a lost answer gets the first photo back rather than storing a second. Null where the browser
 * offers no hashing (a page served over plain http to another machine): the upload then simply goes without. */
export async function photoUploadKey(
  formKey: string,
  file: { name: string; size: number; lastModified: number },
): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const identity = new TextEncoder().encode(`${file.name}\n${file.size}\n${file.lastModified}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", identity));
  const hex = [...digest.subarray(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${formKey}:${hex}`;
}
