// A fake browser and a fake push service for the web push tests (issue 23): nothing reaches the internet. The
// browser is a P-256 key pair and an auth secret, as PushManager.subscribe() makes them; the push service stands in
// for the Worker's fetch, records each request, checks its VAPID signature (RFC 8292) and decrypts its aes128gcm
// body with the browser's private key (RFC 8291), all with WebCrypto.

const encoder = new TextEncoder();

export function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

type Bytes = Uint8Array<ArrayBuffer>;

export function fromBase64Url(text: string): Bytes {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A VAPID key pair as the Worker's secrets hold it: the raw public point and the private scalar, base64url. */
export async function makeVapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const jwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  return { publicKey: toBase64Url(raw), privateKey: jwk.d as string };
}

export interface FakeBrowser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: CryptoKey;
}

let serial = 0;

/** A browser's subscription: its endpoint at the fake push service, and the keys that messages are encrypted for. */
export async function makeBrowser(origin = "https://fcm.googleapis.com"): Promise<FakeBrowser> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  serial += 1;
  return {
    endpoint: `${origin}/fcm/send/test-device-${serial}-${crypto.randomUUID()}`,
    keys: { p256dh: toBase64Url(raw), auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))) },
    privateKey: pair.privateKey,
  };
}

export interface Received {
  endpoint: string;
  headers: Headers;
  body: Bytes;
}

/**
 * The push service: a fetch to hand the Worker. It answers each request with `status(endpoint)` (201 by default,
 * what push services answer a message they accepted) and keeps what it received.
 */
export function fakePushService(status: (endpoint: string) => number = () => 201) {
  const received: Received[] = [];
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    received.push({
      endpoint: request.url,
      headers: request.headers,
      body: new Uint8Array(await request.arrayBuffer()),
    });
    return new Response(null, { status: status(request.url) });
  };
  return { fetch: fetcher as typeof fetch, received };
}

async function hkdf(salt: Bytes, secret: Bytes, info: Bytes, bytes: number) {
  const key = await crypto.subtle.importKey("raw", secret, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8),
  );
}

const concat = (...parts: Uint8Array[]): Bytes => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** RFC 8291 section 3.4 and RFC 8188: the message's plaintext, as the browser would read it. */
export async function decryptPush(browser: FakeBrowser, body: Bytes): Promise<string> {
  const salt = body.slice(0, 16);
  const keyIdLength = body[20] as number;
  const serverPublic = body.slice(21, 21 + keyIdLength);
  const ciphertext = body.slice(21 + keyIdLength);
  const serverKey = await crypto.subtle.importKey(
    "raw",
    serverPublic,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: serverKey }, browser.privateKey, 256),
  );
  const browserPublic = fromBase64Url(browser.keys.p256dh);
  const keyInfo = concat(encoder.encode("WebPush: info\0"), browserPublic, serverPublic);
  const ikm = await hkdf(fromBase64Url(browser.keys.auth), shared, keyInfo, 32);
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
  // The last record ends with 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("Not the last record's delimiter");
  return new TextDecoder().decode(padded.slice(0, end));
}

/** RFC 8292: the Authorization header's JWT is signed by the VAPID key it names, for the push service's origin;
 * answers its claims. */
export async function verifyVapid(
  headers: Headers,
  vapidPublicKey: string,
): Promise<{ aud: string; sub: string; exp: number }> {
  const match = headers.get("Authorization")?.match(/^vapid t=([^,]+), k=(.+)$/);
  if (!match) throw new Error("No VAPID authorization");
  const [, jwt = "", k] = match;
  if (k !== vapidPublicKey) throw new Error("Signed with another key");
  const [header = "", claims = "", signature = ""] = jwt.split(".");
  const key = await crypto.subtle.importKey(
    "raw",
    fromBase64Url(vapidPublicKey),
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["verify"],
  );
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    fromBase64Url(signature),
    encoder.encode(`${header}.${claims}`),
  );
  if (!valid) throw new Error("Bad VAPID signature");
  return JSON.parse(new TextDecoder().decode(fromBase64Url(claims)));
}
