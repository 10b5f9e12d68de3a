import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * A full collection of this process's heap, as `node --expose-gc` offers it, without that flag on the command. The
 * benches time requests from this process, so a collection of its own garbage (requests and answers it made) would
 * land in whichever timing it interrupts: they call this between timed blocks, never inside one, and make an untimed
 * request after it (the first request after a full collection is slower).
 */
export function collectGarbage() {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}
