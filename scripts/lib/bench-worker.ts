// What both benchmarks (scripts/bench.ts, scripts/bench-relevance.ts) need to run their worker in Miniflare: the
// migrations as statements, and the worker bundled for workerd.
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";

// A function, not a constant: the benchmarks' own modules are bundled into the worker too, and workerd has no
// import.meta.dirname.
const scriptsDir = () => join(import.meta.dirname, "..");

/** Every migration's statements, in order, for D1's exec. */
export function migrationStatements(): string[] {
  const dir = join(scriptsDir(), "..", "migrations");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .flatMap((name) => readFileSync(join(dir, name), "utf8").split("--> statement-breakpoint"))
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}

/** The worker `exportName` of scripts/`file`, bundled as workerd runs it. */
export async function bundleWorker(file: string, exportName: string): Promise<string> {
  // esbuild comes with tsx (and vite). Imported here only, so the bundle below never tries to load it.
  const esbuild = await import("esbuild");
  const output = await esbuild.build({
    stdin: {
      contents: `export { ${exportName} as default } from "./${file}";`,
      resolveDir: scriptsDir(),
      loader: "ts",
    },
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    // node:* resolve in workerd through nodejs_compat; the other two are only ever imported by main().
    external: ["node:*", "esbuild", "miniflare"],
    // A `.txt` import is its text, as wrangler's Text rule gives it (the common passwords, ADR 038).
    loader: { ".txt": "text" },
    // argon2id's .wasm files stay imports, served to workerd as compiled modules beside the script (WASM_MODULES).
    plugins: [
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
