import { sha256Hex } from "~/lib/auth/tokens";
import {
  GEOCODE_CACHE_TTL_SECONDS,
  GEOCODE_EMPTY_CACHE_TTL_SECONDS,
  type GeocodeResult,
  MAX_GEOCODE_RESULTS,
  normaliseGeocodeQuery,
  reverseCacheKey,
  roundCoordinate,
  searchCacheKey,
} from "~/lib/rules/geocoding";
import { parseReversePayload, parseSearchPayload, type ReverseOutcome } from "~/lib/schemas/geocoding";

// Nominatim through the Worker (ADR 007): answers cached in KV, at most one upstream call a second, a real
// User-Agent, a 10 s time-out. The fetch function is a parameter so tests never touch the network.

export const DEFAULT_NOMINATIM_URL = "https://nominatim.openstreetmap.org";
export const NOMINATIM_USER_AGENT = "Nukkad/1.0 (+https://nukkad.app; support@nukkad.app)";
export const UPSTREAM_TIMEOUT_MS = 10_000;
/** Nominatim's answers for five places are a few kilobytes; anything past this is not one of them. */
export const MAX_UPSTREAM_BODY_BYTES = 256 * 1024;
/** Nominatim's usage policy: an absolute maximum of one request per second. */
export const UPSTREAM_INTERVAL_MS = 1000;
/** Past this wait for a turn the request is refused (503) rather than queued. */
export const MAX_UPSTREAM_WAIT_MS = 2000;
/** KV key holding the time (epoch ms) of the latest upstream call, made or booked. */
export const LAST_UPSTREAM_CALL_KEY = "geocode:upstream:last-call";
/** KV keys may be at most 512 bytes; longer search keys are replaced by a hash. */
const MAX_KV_KEY_BYTES = 512;

export type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Nominatim failed: unreachable, too slow, a non-2xx status or an answer that is not what it documents. */
export class GeocodeUpstreamError extends Error {
  override name = "GeocodeUpstreamError";
}

/** Too many lookups queued for the one-a-second budget. */
export class GeocodeBusyError extends Error {
  override name = "GeocodeBusyError";
}

/**
 * Spaces upstream calls at least `intervalMs` apart. Within one isolate the booking is exact (read and written
 * with no await in between); across isolates it goes through a KV key, which is eventually consistent, so it is
 * best effort there (ADR 007).
 */
export class UpstreamGate {
  #nextFree = 0;

  constructor(
    private readonly clock: Clock = systemClock,
    private readonly intervalMs = UPSTREAM_INTERVAL_MS,
    private readonly maxWaitMs = MAX_UPSTREAM_WAIT_MS,
  ) {}

  /** Waits for this caller's turn, or throws GeocodeBusyError when the turn is more than maxWaitMs away. */
  async acquire(kv: KVNamespace): Promise<void> {
    let lastCall = 0;
    try {
      lastCall = Number(await kv.get(LAST_UPSTREAM_CALL_KEY)) || 0;
    } catch (error) {
      console.warn("geocode: rate-limit key unreadable", error);
    }
    // No await from here to the booking: concurrent requests in this isolate queue up one after another.
    const now = this.clock.now();
    const start = Math.max(now, lastCall + this.intervalMs, this.#nextFree);
    const wait = start - now;
    if (wait > this.maxWaitMs) throw new GeocodeBusyError(`next upstream slot is ${wait} ms away`);
    this.#nextFree = start + this.intervalMs;
    try {
      // 60 s is KV's shortest TTL; the key only matters for a second anyway.
      await kv.put(LAST_UPSTREAM_CALL_KEY, String(start), { expirationTtl: 60 });
    } catch (error) {
      // KV allows one write a second per key: under contention the in-isolate booking still holds.
      console.warn("geocode: rate-limit key not written", error);
    }
    if (wait > 0) await this.clock.sleep(wait);
  }
}

/** The gate the Worker uses: one per isolate. */
export const upstreamGate = new UpstreamGate();

export interface GeocodeOptions {
  /** Nominatim's base URL (env NOMINATIM_URL); defaults to the public instance. */
  baseUrl?: string;
  gate?: UpstreamGate;
  timeoutMs?: number;
  maxBodyBytes?: number;
}

/**
 * An upstream body parsed as JSON, read chunk by chunk up to `maxBytes`: a huge or endless answer is cut off at
 * the cap instead of buffered whole, and the read stops when `signal` aborts, so a dribbling body is not read on
 * after the time-out has answered.
 */
async function readCappedJson(response: Response, maxBytes: number, signal: AbortSignal): Promise<unknown> {
  const declared = Number(response.headers.get("Content-Length"));
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new GeocodeUpstreamError(`answer of ${declared} bytes is over the ${maxBytes}-byte cap`);
  }
  if (!response.body) throw new GeocodeUpstreamError("answer has no body");
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  signal.addEventListener("abort", stop, { once: true });
  if (signal.aborted) stop();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        stop();
        throw new GeocodeUpstreamError(`answer is over the ${maxBytes}-byte cap`);
      }
      chunks.push(value);
    }
  } finally {
    signal.removeEventListener("abort", stop);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    throw new GeocodeUpstreamError("answer is not JSON");
  }
}

async function storageKey(key: string): Promise<string> {
  if (new TextEncoder().encode(key).length <= MAX_KV_KEY_BYTES) return key;
  return `geocode:search-sha256:${await sha256Hex(key)}`;
}

async function readCache(kv: KVNamespace, key: string): Promise<unknown> {
  try {
    return await kv.get(key, "json");
  } catch (error) {
    console.warn("geocode: cache unreadable", error);
    return null;
  }
}

async function writeCache(kv: KVNamespace, key: string, value: unknown, ttlSeconds: number) {
  try {
    await kv.put(key, JSON.stringify(value), { expirationTtl: ttlSeconds });
  } catch (error) {
    console.warn("geocode: cache not written", error);
  }
}

function endpoint(baseUrl: string | undefined, path: string, params: Record<string, string>): string {
  const url = new URL(`${(baseUrl || DEFAULT_NOMINATIM_URL).replace(/\/+$/, "")}/${path}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** One upstream GET, its turn taken from the gate, answered as parsed JSON within the time-out. */
async function callNominatim(
  kv: KVNamespace,
  fetcher: Fetcher,
  url: string,
  options: GeocodeOptions,
): Promise<unknown> {
  await (options.gate ?? upstreamGate).acquire(kv);
  const timeoutMs = options.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  // The race also covers a fetcher that ignores the signal, and reading the body.
  const timedOut = new Promise<never>((_, reject) => {
    signal.addEventListener(
      "abort",
      () => reject(new GeocodeUpstreamError(`no answer within ${timeoutMs} ms`)),
      { once: true },
    );
  });
  const answered = (async () => {
    const response = await fetcher(url, {
      method: "GET",
      headers: {
        "User-Agent": NOMINATIM_USER_AGENT,
        "Accept-Language": "en",
        Accept: "application/json",
      },
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new GeocodeUpstreamError(`status ${response.status}`);
    }
    return readCappedJson(response, options.maxBodyBytes ?? MAX_UPSTREAM_BODY_BYTES, signal);
  })();
  // Whichever loses must not surface later as an unhandled rejection.
  timedOut.catch(() => {});
  answered.catch(() => {});
  try {
    return await Promise.race([answered, timedOut]);
  } catch (error) {
    if (error instanceof GeocodeUpstreamError) throw error;
    throw new GeocodeUpstreamError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** Places matching `query`, at most five, from KV or Nominatim /search. */
export async function searchPlaces(
  kv: KVNamespace,
  query: string,
  fetcher: Fetcher = fetch,
  options: GeocodeOptions = {},
): Promise<GeocodeResult[]> {
  const text = normaliseGeocodeQuery(query);
  if (!text) throw new RangeError("query is empty");
  const key = await storageKey(searchCacheKey(query));
  const cached = parseSearchPayload(await readCache(kv, key));
  if (cached) return cached;

  const url = endpoint(options.baseUrl, "search", {
    q: text,
    format: "json",
    limit: String(MAX_GEOCODE_RESULTS),
    addressdetails: "1",
  });
  const results = parseSearchPayload(await callNominatim(kv, fetcher, url, options));
  if (!results) throw new GeocodeUpstreamError("search answer is not a list");
  await writeCache(
    kv,
    key,
    results,
    results.length > 0 ? GEOCODE_CACHE_TTL_SECONDS : GEOCODE_EMPTY_CACHE_TTL_SECONDS,
  );
  return results;
}

/** The address at a point, from KV or Nominatim /reverse; `found: false` where Nominatim knows none. */
export async function reversePlace(
  kv: KVNamespace,
  lat: number,
  lon: number,
  fetcher: Fetcher = fetch,
  options: GeocodeOptions = {},
): Promise<ReverseOutcome> {
  if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180)) throw new RangeError("coordinates out of range");
  const key = reverseCacheKey(lat, lon);
  const cached = parseReversePayload(await readCache(kv, key));
  if (cached) return cached;

  const url = endpoint(options.baseUrl, "reverse", {
    lat: roundCoordinate(lat),
    lon: roundCoordinate(lon),
    format: "json",
  });
  const outcome = parseReversePayload(await callNominatim(kv, fetcher, url, options));
  if (!outcome) throw new GeocodeUpstreamError("reverse answer has neither an address nor an error");
  if (outcome.found) {
    await writeCache(kv, key, { display_name: outcome.display_name }, GEOCODE_CACHE_TTL_SECONDS);
  } else {
    await writeCache(kv, key, { error: "Unable to geocode" }, GEOCODE_EMPTY_CACHE_TTL_SECONDS);
  }
  return outcome;
}
