// A slow network on loopback for benchmarks: a TCP relay in front of a local server that delays every byte as a
// link of `latencyMs` round trip and `bytesPerSecond` each way would. Unlike DevTools' throttling, which applies to a
// page's own requests only, it slows everything the browser sends there, a service worker's fetches included.
import { connect, createServer, type Server, type Socket } from "node:net";

export interface Link {
  latencyMs: number;
  bytesPerSecond: number;
}

/** One direction of the link: its bytes queue for the same bandwidth, whichever connection carries them. */
interface Direction {
  free: number;
  /** Bytes carried at the slow pace so far. */
  carried: number;
}

/** Delivers `from`'s bytes to `to` no sooner than half a round trip after they left, at `bytesPerSecond` shared by
 * every connection in this direction, while `slow()`; at once otherwise. */
function shape(from: Socket, to: Socket, link: Link, direction: Direction, slow: () => boolean) {
  let last = 0;
  from.on("data", (chunk: Buffer) => {
    const now = Date.now();
    if (!slow() && last <= now) {
      to.write(chunk);
      return;
    }
    direction.carried += chunk.length;
    direction.free = Math.max(direction.free, now) + (chunk.length / link.bytesPerSecond) * 1000;
    // In order on this connection: never before the chunk ahead of it.
    last = Math.max(direction.free, now + link.latencyMs / 2, last);
    setTimeout(() => to.destroyed || to.write(chunk), last - now);
  });
  from.on("end", () => setTimeout(() => to.end(), Math.max(0, last - Date.now())));
  from.on("error", () => to.destroy());
}

export interface Relay {
  server: Server;
  /** Bytes sent to the browser at the slow pace since the relay started. */
  downloaded: () => number;
}

/** Listens on `port` and relays each connection to `targetPort`, both on 127.0.0.1, through `link` while `slow()`. */
export function slowRelay(port: number, targetPort: number, link: Link, slow: () => boolean): Promise<Relay> {
  const up: Direction = { free: 0, carried: 0 };
  const down: Direction = { free: 0, carried: 0 };
  const server = createServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1");
    shape(client, upstream, link, up, slow);
    shape(upstream, client, link, down, slow);
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve({ server, downloaded: () => down.carried })),
  );
}
