// Proves that biome.json still refuses what docs/decisions/013-import-layers.md forbids: `npm run lint` runs it
// before `biome check .`, because a clean tree alone cannot tell a working rule from a rule that matches nothing.
// It lints a throw-away app/ in a temporary folder with the project's biome.json, plugin and tsconfig paths, and
// fails unless exactly the planted violations are reported (the allowed imports next to them must stay quiet).
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

const project = resolve(import.meta.dirname, "..");
const RESTRICTED = "lint/style/noRestrictedImports";
const CYCLE = "lint/suspicious/noImportCycles";
const PLUGIN = "plugin";

// path -> [source, rules it must trigger (empty: it must pass)]
const fixtures = {
  "app/api/index.ts": ["export const api = 1;\n", []],
  "app/routes/home.tsx": ['import { api } from "~/api";\nexport const home = api;\n', [RESTRICTED]],
  "app/routes/api.$.ts": ['import { api } from "~/api";\nexport const splat = api;\n', []],
  "app/routes/settings.tsx": [
    'import type { loader } from "~/root";\nexport type Root = typeof loader;\n',
    [RESTRICTED],
  ],
  "app/root.tsx": ['import { home } from "~/routes/home";\nexport const loader = () => home;\n', []],
  "app/models/stall.server.ts": [
    'import { b } from "~/models/cycle-b.server";\nexport type Stall = { id: number };\nexport const getStall = () => b;\n',
    [CYCLE],
  ],
  // A cycle closed by a type import still ties the two modules together, so it counts.
  "app/models/cycle-b.server.ts": [
    'import type { Stall } from "./stall.server";\nexport const b: Stall[] = [];\n',
    [CYCLE],
  ],
  "app/models/relative.server.ts": [
    'import { home } from "../routes/home";\nexport const up = home;\n',
    [RESTRICTED],
  ],
  "app/components/stall-type.tsx": [
    'import type { Stall } from "~/models/stall.server";\nexport type Card = Stall;\n',
    [],
  ],
  "app/components/stall-value.tsx": [
    'import { getStall } from "~/models/stall.server";\nexport const load = getStall;\n',
    [PLUGIN],
  ],
  "app/components/route-type.tsx": [
    'import type { Settings } from "~/routes/settings";\nexport type Props = Settings;\n',
    [RESTRICTED],
  ],
  "app/lib/client/geo.ts": ["export const here = 1;\n", []],
  "app/lib/rules/browser.ts": [
    'import { here } from "~/lib/client/geo";\nexport const rule = here;\n',
    [RESTRICTED],
  ],
  "app/lib/rules/server.ts": [
    'import { config } from "~/lib/http/config.server";\nexport const rule = config;\n',
    [RESTRICTED],
  ],
  "app/lib/http/config.server.ts": ["export const config = 1;\n", []],
  "app/lib/http/model.ts": [
    'import type { Stall } from "~/models/stall.server";\nexport type S = Stall;\n',
    [RESTRICTED],
  ],
};

const dir = mkdtempSync(join(tmpdir(), "import-rules-"));
try {
  // package.json too: without it Biome does not read tsconfig's paths, and "~/" imports would not resolve.
  for (const file of ["biome.json", "package.json", "tsconfig.json", "biome-plugins"]) {
    cpSync(join(project, file), join(dir, file), { recursive: true });
  }
  for (const [path, [source]] of Object.entries(fixtures)) {
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  const run = spawnSync(
    join(project, "node_modules/.bin/biome"),
    ["lint", "--vcs-enabled=false", "--reporter=json", "--max-diagnostics=none", "app"],
    { cwd: dir, encoding: "utf8" },
  );
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    throw new Error(`biome gave no JSON report (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  }
  const found = new Set(
    report.diagnostics
      .filter((d) => [RESTRICTED, CYCLE, PLUGIN].includes(d.category))
      .map((d) => `${d.location.path} ${d.category}`),
  );
  const expected = new Set(
    Object.entries(fixtures).flatMap(([path, [, rules]]) => rules.map((rule) => `${path} ${rule}`)),
  );
  const missing = [...expected].filter((x) => !found.has(x));
  const unexpected = [...found].filter((x) => !expected.has(x));
  if (missing.length > 0 || unexpected.length > 0) {
    console.error("✗ import layer rules do not behave as docs/decisions/013-import-layers.md says");
    for (const x of missing) console.error(`  not reported: ${x}`);
    for (const x of unexpected) console.error(`  reported but allowed: ${x}`);
    process.exitCode = 1; // not process.exit(): the temporary folder must still be removed
  } else {
    console.log(`✓ import layer rules refuse all ${expected.size} planted violations and allow the rest`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
