import { describe, expect, it } from "vitest";
import { cacheDecision, inputsKey } from "../../scripts/lib/start-cache";

// What `npm start` reuses between starts (ADR 039): the build, the bundled Worker, the database's migrations and seed.
describe("npm start's cache", () => {
  const sources = [
    { path: "app/root.tsx", content: "export default function App() {}" },
    { path: "wrangler.toml", content: 'name = "nukkad"' },
  ];

  it("gives the same inputs the same key, in whatever order they were read", () => {
    expect(inputsKey("1", sources)).toBe(inputsKey("1", [...sources].reverse()));
    expect(inputsKey("1", [{ path: "a", content: new TextEncoder().encode("x") }])).toBe(
      inputsKey("1", [{ path: "a", content: "x" }]),
    );
  });

  it("changes the key when a file's content, a path, the set of files or the version changes", () => {
    const key = inputsKey("1", sources);
    const edited = [{ ...sources[0], content: "export default function App() { return null; }" }, sources[1]];
    expect(inputsKey("1", edited as typeof sources)).not.toBe(key);
    expect(inputsKey("1", [{ ...sources[0], path: "app/root.jsx" }, sources[1]] as typeof sources)).not.toBe(
      key,
    );
    expect(inputsKey("1", [...sources, { path: "app/new.ts", content: "" }])).not.toBe(key);
    expect(inputsKey("1", sources.slice(0, 1))).not.toBe(key);
    expect(inputsKey("2", sources)).not.toBe(key);
    // A path and its content cannot run together into another: "a" holding "bc" is not "ab" holding "c".
    expect(inputsKey("1", [{ path: "a", content: "bc" }])).not.toBe(
      inputsKey("1", [{ path: "ab", content: "c" }]),
    );
  });

  it("reuses only what was made from the same inputs and is still there as it was made", () => {
    const key = inputsKey("1", sources);
    expect(cacheDecision({ key, output: "build-1" }, key, "build-1")).toEqual({ reuse: true });
    // Things no one else changes (the database's stamps) record no output.
    expect(cacheDecision({ key }, key, "")).toEqual({ reuse: true });

    expect(cacheDecision(null, key, "build-1")).toEqual({ reuse: false, reason: "not made yet" });
    const changed = inputsKey("1", [...sources, { path: "public/new.svg", content: "<svg/>" }]);
    expect(cacheDecision({ key, output: "build-1" }, changed, "build-1")).toEqual({
      reuse: false,
      reason: "its sources changed",
    });
    expect(cacheDecision({ key, output: "build-1" }, key, null)).toEqual({
      reuse: false,
      reason: "it is missing",
    });
    // Another build (`npm run build`, the e2e server's) wrote over it.
    expect(cacheDecision({ key, output: "build-1" }, key, "build-2")).toEqual({
      reuse: false,
      reason: "it was replaced since",
    });
  });
});
