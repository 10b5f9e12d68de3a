// What the benchmarks (scripts/bench.ts, scripts/bench-relevance.ts) need to run their Workers in Miniflare: the
// migrations as statements, and each Worker bundled for workerd.
import { readdirSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";

const scriptsDir = join(import.meta.dirname, "..");

/**
 * Every Worker a benchmark runs in workerd: the file under scripts/ that holds it and the export it serves. Each
 * file imports only what runs in workerd; the Node side of its benchmark lives elsewhere (ADR 039).
 */
export const BENCH_WORKERS = {
  bench: { file: "bench-worker-entry.ts", exportName: "benchWorker" },
  relevance: { file: "bench-relevance-worker.ts", exportName: "relevanceWorker" },
} as const;

export type BenchWorker = (typeof BENCH_WORKERS)[keyof typeof BENCH_WORKERS];

/**
 * Modules that only run in Node: Chromium's driver, the tools that start workerd, and child processes (every
 * section that drives a browser or serves the build spawns one). A bench Worker that imports one, even through a
 * dynamic import that never runs in workerd, fails to bundle, and says which file brought it in.
 */
const NODE_ONLY =
  /^(?:(?:node:)?child_process|playwright|playwright-core|@playwright\/.*|miniflare|wrangler|esbuild)$/;

/** Every migration's statements, in order, for D1's exec. */
export function migrationStatements(): string[] {
  const dir = join(scriptsDir, "..", "migrations");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .flatMap((name) => readFileSync(join(dir, name), "utf8").split("--> statement-breakpoint"))
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}

/** The Worker `exportName` of scripts/`file`, bundled as workerd runs it. */
export async function bundleWorker({ file, exportName }: BenchWorker): Promise<string> {
  // esbuild comes with tsx (and vite).
  const esbuild = await import("esbuild");
  const output = await esbuild.build({
    stdin: {
      contents: `export { ${exportName} as default } from "./${file}";`,
      resolveDir: scriptsDir,
      loader: "ts",
    },
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    // node:* resolve in workerd through nodejs_compat.
    external: ["node:*"],
    // A `.txt` import is its text, as wrangler's Text rule gives it (the common passwords, ADR 038).
    loader: { ".txt": "text" },
    plugins: [
      {
        name: "node-only",
        setup(build) {
          build.onResolve({ filter: NODE_ONLY }, (args) => ({
            errors: [
              {
                text:
                  `"${args.path}" (imported by ${relative(scriptsDir, args.importer)}) only runs in Node: the ` +
                  `bench Worker ${file} must import only what runs in workerd; keep this import on the Node side ` +
                  "(docs/decisions/039-start-cache-and-bench-bundling.md)",
              },
            ],
          }));
        },
      },
      // argon2id's .wasm files stay imports, served to workerd as compiled modules beside the script (WASM_MODULES).
      {
        name: "wasm-modules",
        setup(build) {
          build.onResolve({ filter: /\.wasm$/ }, (args) => ({
            path: `./${basename(args.path)}`,
            external: true,
          }));
        },
      },
    ],
    logLevel: "error",
  });
  return output.outputFiles[0]?.text ?? "";
}
