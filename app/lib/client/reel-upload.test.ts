import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Connectivity,
  PART_ATTEMPTS,
  type PartPlan,
  type PartSender,
  planParts,
  ReelUploadError,
  retryDelayMs,
  sendParts,
  uploadPercent,
} from "~/lib/client/reel-upload";
import { UPLOAD_NETWORK_ERROR } from "~/lib/http/image-type";
import { REEL_MAX_BYTES, REEL_PART_BYTES } from "~/lib/schemas/reels";

describe("planParts", () => {
  it("cuts a 50 MB video into 8 MiB parts and a last part of what remains", () => {
    const parts = planParts(REEL_MAX_BYTES, REEL_PART_BYTES);
    expect(parts).toHaveLength(7);
    expect(parts[0]).toEqual({ partNumber: 1, start: 0, end: REEL_PART_BYTES });
    expect(parts[6]).toEqual({ partNumber: 7, start: 6 * REEL_PART_BYTES, end: REEL_MAX_BYTES });
  });

  it("sends a small video as one part, and nothing for no bytes", () => {
    expect(planParts(9_701, REEL_PART_BYTES)).toEqual([{ partNumber: 1, start: 0, end: 9_701 }]);
    expect(planParts(0, REEL_PART_BYTES)).toEqual([]);
    expect(planParts(REEL_PART_BYTES, REEL_PART_BYTES)).toEqual([
      { partNumber: 1, start: 0, end: REEL_PART_BYTES },
    ]);
  });

  it("covers every byte once, in order, numbered from 1, every part but the last full", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200_000 }),
        fc.integer({ min: 200, max: 50_000 }),
        (size, part) => {
          const parts = planParts(size, part);
          expect(parts).toHaveLength(Math.ceil(size / part));
          parts.forEach((plan, index) => {
            expect(plan.partNumber).toBe(index + 1);
            expect(plan.start).toBe(index * part);
            expect(plan.end - plan.start).toBe(index < parts.length - 1 ? part : size - index * part);
          });
          expect(parts.at(-1)?.end).toBe(size);
        },
      ),
    );
  });
});

describe("retryDelayMs", () => {
  it("doubles from about a second, between half and all of each step", () => {
    expect(retryDelayMs(1, () => 0)).toBe(500);
    expect(retryDelayMs(1, () => 1)).toBe(1_000);
    expect(retryDelayMs(2, () => 1)).toBe(2_000);
    expect(retryDelayMs(3, () => 0.5)).toBe(3_000);
    expect(retryDelayMs(5, () => 1)).toBe(16_000);
  });

  it("never waits more than 30 seconds, however many tries failed", () => {
    expect(retryDelayMs(6, () => 1)).toBe(30_000);
    expect(retryDelayMs(60, () => 1)).toBe(30_000);
    expect(retryDelayMs(60, () => 0)).toBe(15_000);
  });
});

describe("uploadPercent", () => {
  it("sums the bytes sent of every part as a whole percent of the video", () => {
    expect(uploadPercent([], 1000)).toBe(0);
    expect(uploadPercent([250, 0], 1000)).toBe(25);
    expect(uploadPercent([500, 499], 1000)).toBe(99);
    expect(uploadPercent([600, 400], 1000)).toBe(100);
  });

  it("stays within 0 to 100, also for a video of no bytes", () => {
    expect(uploadPercent([2000], 1000)).toBe(100);
    expect(uploadPercent([10], 0)).toBe(0);
  });
});

/** A network that is online unless told otherwise, whose pauses pass at once and are written down. */
function fakeNetwork() {
  let online = true;
  let wake: (() => void) | null = null;
  const pauses: number[] = [];
  const connectivity: Connectivity = {
    isOnline: () => online,
    untilOnline: () =>
      new Promise((resolve) => {
        wake = resolve;
      }),
    sleep: async (ms) => {
      pauses.push(ms);
    },
  };
  return {
    connectivity,
    pauses,
    goOffline: () => {
      online = false;
    },
    goOnline: () => {
      online = true;
      wake?.();
      wake = null;
    },
  };
}

const ok = (part: PartPlan) => ({ part_number: part.partNumber, etag: `etag-${part.partNumber}` });

describe("sendParts", () => {
  const parts = planParts(25, 10);

  it("sends every part two at a time and answers their etags in part order", async () => {
    const network = fakeNetwork();
    let running = 0;
    let most = 0;
    const send: PartSender = async (part, onSent) => {
      running += 1;
      most = Math.max(most, running);
      onSent(part.end - part.start);
      await new Promise((resolve) => setTimeout(resolve, part.partNumber === 1 ? 20 : 1));
      running -= 1;
      return ok(part);
    };
    const progress: number[] = [];
    const answer = await sendParts(parts, send, {
      concurrency: 2,
      signal: new AbortController().signal,
      onProgress: (bytes) => progress.push(bytes),
      connectivity: network.connectivity,
    });
    expect(answer).toEqual([ok(parts[0]!), ok(parts[1]!), ok(parts[2]!)]);
    expect(most).toBe(2);
    expect(progress.at(-1)).toBe(25);
  });

  it("sends a part that failed on the network again after a growing pause, and takes its bytes back", async () => {
    const network = fakeNetwork();
    const tries = new Map<number, number>();
    const progress: number[] = [];
    const send: PartSender = async (part, onSent) => {
      const attempt = (tries.get(part.partNumber) ?? 0) + 1;
      tries.set(part.partNumber, attempt);
      onSent(5);
      if (part.partNumber === 2 && attempt <= 2) throw new ReelUploadError(UPLOAD_NETWORK_ERROR);
      return ok(part);
    };
    const answer = await sendParts(parts, send, {
      concurrency: 1,
      signal: new AbortController().signal,
      onProgress: (bytes) => progress.push(bytes),
      connectivity: network.connectivity,
      random: () => 1,
    });
    expect(answer.map((part) => part.part_number)).toEqual([1, 2, 3]);
    expect(tries.get(2)).toBe(3);
    expect(network.pauses).toEqual([1_000, 2_000]);
    // Part 1 done (10), part 2 half sent then taken back (15 -> 10) on each failure.
    expect(progress.slice(0, 5)).toEqual([5, 10, 15, 10, 15]);
    expect(progress.at(-1)).toBe(25);
  });

  it("retries a server failure (5xx) but not a refusal (4xx), which stops the other parts", async () => {
    const network = fakeNetwork();
    let failures = 0;
    const flaky: PartSender = async (part) => {
      if (part.partNumber === 1 && failures++ === 0)
        throw new ReelUploadError("Bad gateway", { status: 502 });
      return ok(part);
    };
    const options = {
      concurrency: 2,
      signal: new AbortController().signal,
      onProgress: () => undefined,
      connectivity: network.connectivity,
    };
    await expect(sendParts(parts, flaky, options)).resolves.toHaveLength(3);

    const sentAfter: number[] = [];
    const refused: PartSender = async (part, _onSent, signal) => {
      if (part.partNumber === 1)
        throw new ReelUploadError("Part 1 of this upload is 10 bytes", { status: 400, field: "part" });
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (!signal.aborted) sentAfter.push(part.partNumber);
      return ok(part);
    };
    await expect(sendParts(parts, refused, options)).rejects.toMatchObject({ status: 400, field: "part" });
    expect(sentAfter).not.toContain(3);
  });

  it(`gives up on a part after ${PART_ATTEMPTS} tries on the network`, async () => {
    const network = fakeNetwork();
    let tries = 0;
    const send: PartSender = async () => {
      tries += 1;
      throw new ReelUploadError(UPLOAD_NETWORK_ERROR);
    };
    await expect(
      sendParts(parts.slice(0, 1), send, {
        concurrency: 2,
        signal: new AbortController().signal,
        onProgress: () => undefined,
        connectivity: network.connectivity,
      }),
    ).rejects.toMatchObject({ message: UPLOAD_NETWORK_ERROR, retryable: true });
    expect(tries).toBe(PART_ATTEMPTS);
  });

  it("waits while offline and then sends only the parts not yet done (the resume)", async () => {
    const network = fakeNetwork();
    const sent: number[] = [];
    const send: PartSender = async (part) => {
      if (part.partNumber === 2 && !sent.includes(-2)) {
        // The connection drops while part 2 is on its way.
        sent.push(-2);
        network.goOffline();
        setTimeout(network.goOnline, 5);
        throw new ReelUploadError(UPLOAD_NETWORK_ERROR);
      }
      sent.push(part.partNumber);
      return ok(part);
    };
    const answer = await sendParts(parts, send, {
      concurrency: 1,
      signal: new AbortController().signal,
      onProgress: () => undefined,
      connectivity: network.connectivity,
    });
    expect(sent).toEqual([1, -2, 2, 3]);
    expect(answer.map((part) => part.etag)).toEqual(["etag-1", "etag-2", "etag-3"]);
    // Waiting for the network is not a failed try: no back-off pause was taken.
    expect(network.pauses).toEqual([]);
  });

  it("stops when cancelled, with an AbortError, and sends nothing more", async () => {
    const network = fakeNetwork();
    const controller = new AbortController();
    const started: number[] = [];
    const send: PartSender = (part, _onSent, signal) =>
      new Promise((resolve, reject) => {
        started.push(part.partNumber);
        const timer = setTimeout(() => resolve(ok(part)), 50);
        signal.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(new DOMException("aborted", "AbortError"));
        });
      });
    const sending = sendParts(parts, send, {
      concurrency: 2,
      signal: controller.signal,
      onProgress: () => undefined,
      connectivity: network.connectivity,
    });
    setTimeout(() => controller.abort(), 5);
    await expect(sending).rejects.toMatchObject({ name: "AbortError" });
    expect(started).toEqual([1, 2]);
  });
});
