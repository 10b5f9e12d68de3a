import { type Context, Hono } from "hono";
import { ADDRESS_FAILED, ADDRESS_NOT_FOUND, SEARCH_FAILED } from "~/lib/rules/geocoding";
import { geocodeReverseQuerySchema, geocodeSearchQuerySchema } from "~/lib/schemas/geocoding";
import {
  type Fetcher,
  GeocodeBusyError,
  type GeocodeOptions,
  GeocodeUpstreamError,
  reversePlace,
  searchPlaces,
  type UpstreamGate,
} from "~/models/geocode.server";
import type { ApiEnv } from "./context";
import { jsonError } from "./errors";
import { valid } from "./validate";

// The map picker's area search and address lookup, proxied to Nominatim (ADR 007).

/** Test seams; the Worker uses the defaults (global fetch, the isolate's gate, a 10 s time-out). */
export interface GeocodeApiDeps {
  fetcher?: Fetcher;
  gate?: UpstreamGate;
  timeoutMs?: number;
}

function upstreamOptions(c: Context<ApiEnv>, deps: GeocodeApiDeps): GeocodeOptions {
  return {
    baseUrl: c.var.config.NOMINATIM_URL,
    gate: deps.gate,
    timeoutMs: deps.timeoutMs,
  };
}

/** Upstream trouble answers with the spec's text and never with its details. */
function upstreamFailure(c: Context<ApiEnv>, error: unknown, message: string) {
  if (error instanceof GeocodeBusyError) {
    c.header("Retry-After", "1");
    return jsonError(c, 503, message);
  }
  if (error instanceof GeocodeUpstreamError) {
    console.warn("geocode: upstream failed:", error.message);
    return jsonError(c, 502, message);
  }
  throw error;
}

export function createGeocodeApi(deps: GeocodeApiDeps = {}) {
  return new Hono<ApiEnv>()
    .get("/search", valid("query", geocodeSearchQuerySchema), async (c) => {
      const { q } = c.req.valid("query");
      try {
        const results = await searchPlaces(c.var.kv, q, deps.fetcher ?? fetch, upstreamOptions(c, deps));
        return c.json({ results });
      } catch (error) {
        return upstreamFailure(c, error, SEARCH_FAILED);
      }
    })
    .get("/reverse", valid("query", geocodeReverseQuerySchema), async (c) => {
      const { lat, lon } = c.req.valid("query");
      try {
        const outcome = await reversePlace(
          c.var.kv,
          lat,
          lon,
          deps.fetcher ?? fetch,
          upstreamOptions(c, deps),
        );
        return outcome.found
          ? c.json({ display_name: outcome.display_name })
          : jsonError(c, 404, ADDRESS_NOT_FOUND);
      } catch (error) {
        return upstreamFailure(c, error, ADDRESS_FAILED);
      }
    });
}

/** GET /search?q= and GET /reverse?lat=&lon=, mounted at /api/geocode. */
export const geocodeApi = createGeocodeApi();
