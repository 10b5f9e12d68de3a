import { UPLOAD_FAILED, UPLOAD_NETWORK_ERROR } from "~/lib/http/image-type";
import type { ReelUploadTicket, ReelVideoType } from "~/lib/schemas/reels";

// A reel's upload from the browser (ADR 027): POST /api/reels/uploads for a ticket, the video in the ticket's parts
// (PUT, raw bytes, XMLHttpRequest for its upload progress), two at a time, then POST /api/reels with the parts'
// etags, the stall, caption and poster. A part that fails on the network is sent again after a growing pause; while
// the browser is offline nothing is sent, and once it is online again the parts not yet done go (the resume: R2
// keeps the parts already stored). Cancelling aborts the requests and the upload at R2.

/** One part of the video: bytes [start, end) sent as part `partNumber` (R2 counts from 1). */
export interface PartPlan {
  partNumber: number;
  start: number;
  end: number;
}

export interface UploadedPart {
  part_number: number;
  etag: string;
}

/** The parts a video of `size` bytes is sent in: `partBytes` each, the last what remains. */
export function planParts(size: number, partBytes: number): PartPlan[] {
  if (!(size > 0) || !(partBytes > 0)) return [];
  const parts: PartPlan[] = [];
  for (let start = 0; start < size; start += partBytes)
    parts.push({ partNumber: parts.length + 1, start, end: Math.min(size, start + partBytes) });
  return parts;
}

/** Tries of one part before its failure ends the upload (offline waits do not count). */
export const PART_ATTEMPTS = 6;
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/** The pause before try `attempt + 1` of a part that failed `attempt` times: doubling from 1 s up to 30 s, between
 * half and all of that step at random, so that many phones cut off together do not all come back at once. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + (random() * step) / 2);
}

/** The whole percent of `total` bytes sent, from the bytes sent of each part; never over 100. */
export function uploadPercent(sentPerPart: Iterable<number>, total: number): number {
  if (!(total > 0)) return 0;
  let sent = 0;
  for (const bytes of sentPerPart) sent += bytes;
  return Math.max(0, Math.min(100, Math.floor((sent / total) * 100)));
}

/** Why an upload stopped: the server's refusal (its status and the field it names), or the network. */
export class ReelUploadError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  /** A failure worth trying again: the network, or the server failing rather than refusing. */
  readonly retryable: boolean;
  constructor(message: string, options: { status?: number; field?: string } = {}) {
    super(message);
    this.name = "ReelUploadError";
    this.status = options.status ?? 0;
    this.field = options.field;
    this.retryable = this.status === 0 || this.status >= 500;
  }
}

const cancelled = () => new DOMException("The upload was cancelled", "AbortError");

/** The browser's network state, and pauses; replaced in tests. */
export interface Connectivity {
  isOnline(): boolean;
  /** Resolves at the next `online` event (rejects when `signal` aborts). */
  untilOnline(signal: AbortSignal): Promise<void>;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

function abortable(signal: AbortSignal, start: (resolve: () => void) => () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(cancelled());
    const stop = start(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    });
    const onAbort = () => {
      stop();
      reject(cancelled());
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

export const browserConnectivity: Connectivity = {
  isOnline: () => navigator.onLine,
  untilOnline: (signal) =>
    abortable(signal, (resolve) => {
      window.addEventListener("online", resolve, { once: true });
      return () => window.removeEventListener("online", resolve);
    }),
  sleep: (ms, signal) =>
    abortable(signal, (resolve) => {
      const timer = setTimeout(resolve, ms);
      return () => clearTimeout(timer);
    }),
};

/** Sends one part, telling `onSent` how many of its bytes have gone so far. */
export type PartSender = (
  part: PartPlan,
  onSent: (bytes: number) => void,
  signal: AbortSignal,
) => Promise<UploadedPart>;

/**
 * Sends every part, `concurrency` at a time, and answers their etags in part order. `onProgress` hears the bytes
 * sent so far over all parts (a failed part's bytes are taken back). A part that fails retryably is sent again
 * after retryDelayMs, at most PART_ATTEMPTS times; while offline it waits for the browser to be online, without
 * counting that as a try. Any other failure, or `signal` aborting, stops the other parts and rejects.
 */
export async function sendParts(
  parts: PartPlan[],
  send: PartSender,
  options: {
    concurrency: number;
    signal: AbortSignal;
    onProgress: (sentBytes: number) => void;
    connectivity: Connectivity;
    random?: () => number;
  },
): Promise<UploadedPart[]> {
  const { connectivity, onProgress } = options;
  // Stops the other parts once one has failed for good.
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  options.signal.addEventListener("abort", onAbort, { once: true });
  const signal = stop.signal;
  const sent = new Map<number, number>();
  const report = (part: PartPlan, bytes: number) => {
    sent.set(part.partNumber, bytes);
    let total = 0;
    for (const value of sent.values()) total += value;
    onProgress(total);
  };
  const done: UploadedPart[] = [];
  const queue = [...parts];

  async function sendOne(part: PartPlan) {
    for (let failures = 0; ; ) {
      if (!connectivity.isOnline()) await connectivity.untilOnline(signal);
      try {
        const answer = await send(
          part,
          (bytes) => report(part, Math.min(bytes, part.end - part.start)),
          signal,
        );
        report(part, part.end - part.start);
        return answer;
      } catch (error) {
        report(part, 0);
        if (signal.aborted) throw cancelled();
        if (!(error instanceof ReelUploadError) || !error.retryable) throw error;
        // Cut off: wait for the network, then send the part again; that was no fault of the part's.
        if (!connectivity.isOnline()) continue;
        failures += 1;
        if (failures >= PART_ATTEMPTS) throw error;
        await connectivity.sleep(retryDelayMs(failures, options.random), signal);
      }
    }
  }

  async function worker() {
    for (let part = queue.shift(); part; part = queue.shift()) done.push(await sendOne(part));
  }

  try {
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(options.concurrency, parts.length)) }, () =>
        worker().catch((error: unknown) => {
          stop.abort();
          throw error;
        }),
      ),
    );
  } finally {
    options.signal.removeEventListener("abort", onAbort);
  }
  return done.sort((a, b) => a.part_number - b.part_number);
}

/** The API's refusal `{ error, field? }` as an error; validation answers say "field: message", shown without it. */
async function refusal(response: { status: number; text: string }): Promise<ReelUploadError> {
  let body: { error?: unknown; field?: unknown } = {};
  try {
    body = JSON.parse(response.text) as typeof body;
  } catch {
    // Not the API's shape (a proxy's page): the generic message below.
  }
  const field = typeof body.field === "string" ? body.field : undefined;
  let message = typeof body.error === "string" && body.error !== "" ? body.error : UPLOAD_FAILED;
  if (field && message.startsWith(`${field}: `)) message = message.slice(field.length + 2);
  return new ReelUploadError(message, { status: response.status, field });
}

async function call(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    if (init.signal?.aborted) throw cancelled();
    throw new ReelUploadError(UPLOAD_NETWORK_ERROR);
  }
  if (!response.ok) throw await refusal({ status: response.status, text: await response.text() });
  return response;
}

/** PUT of one part with XMLHttpRequest, whose upload events say how much has gone (fetch has none). */
function xhrPartSender(uploadId: string, video: Blob): PartSender {
  return (part, onSent, signal) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(cancelled());
      const xhr = new XMLHttpRequest();
      const onAbort = () => xhr.abort();
      const settle = () => signal.removeEventListener("abort", onAbort);
      xhr.open("PUT", `/api/reels/uploads/${encodeURIComponent(uploadId)}/parts/${part.partNumber}`);
      xhr.setRequestHeader("Content-Type", "application/octet-stream");
      xhr.upload.onprogress = (event) => onSent(event.loaded);
      xhr.onload = () => {
        settle();
        if (xhr.status >= 200 && xhr.status < 300) {
          try {
            resolve(JSON.parse(xhr.responseText) as UploadedPart);
          } catch {
            reject(new ReelUploadError(UPLOAD_FAILED, { status: 502 }));
          }
        } else void refusal({ status: xhr.status, text: xhr.responseText }).then(reject);
      };
      xhr.onerror = () => {
        settle();
        reject(new ReelUploadError(UPLOAD_NETWORK_ERROR));
      };
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => {
        settle();
        reject(cancelled());
      };
      signal.addEventListener("abort", onAbort, { once: true });
      xhr.send(video.slice(part.start, part.end));
    });
}

export interface ReelUploadInput {
  video: Blob;
  type: ReelVideoType;
  stallId: string;
  caption: string;
  poster: Blob;
  signal: AbortSignal;
  /** The whole percent of the video sent. */
  onProgress: (percent: number) => void;
  connectivity?: Connectivity;
}

/**
 * Uploads a reel and answers the new pending reel's id. Rejects with ReelUploadError (the server's message and
 * field, or the network's), or an AbortError once `signal` aborts. Whatever stops it after the upload began, the
 * upload is cancelled at the server (best effort), so an abandoned try does not count against the daily limit
 * until the hourly clean-up.
 */
export async function uploadReel(input: ReelUploadInput): Promise<{ id: string }> {
  const { video, signal } = input;
  const connectivity = input.connectivity ?? browserConnectivity;
  if (!connectivity.isOnline()) await connectivity.untilOnline(signal);
  const ticket = (await (
    await call("/api/reels/uploads", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ size: video.size, type: input.type }),
      signal,
    })
  ).json()) as ReelUploadTicket;
  try {
    const parts = await sendParts(
      planParts(video.size, ticket.part_bytes),
      xhrPartSender(ticket.upload_id, video),
      {
        concurrency: 2,
        signal,
        connectivity,
        onProgress: (bytes) => input.onProgress(uploadPercent([bytes], video.size)),
      },
    );
    if (!connectivity.isOnline()) await connectivity.untilOnline(signal);
    const form = new FormData();
    form.set("upload_id", ticket.upload_id);
    form.set("parts", JSON.stringify(parts));
    form.set("stall_id", input.stallId);
    form.set("caption", input.caption);
    form.set("poster", input.poster, input.poster.type === "image/webp" ? "poster.webp" : "poster.jpg");
    const created = await call("/api/reels", { method: "POST", body: form, signal });
    return (await created.json()) as { id: string };
  } catch (error) {
    // keepalive: the cancel still reaches the server if the page is left at once.
    void fetch(`/api/reels/uploads/${encodeURIComponent(ticket.upload_id)}`, {
      method: "DELETE",
      keepalive: true,
    }).catch(() => undefined);
    throw error;
  }
}
