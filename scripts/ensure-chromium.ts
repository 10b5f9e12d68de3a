// `npm test` and `npm run bench` run this first, so a bare machine either gets Debian's two Chromium builds installed
// here (as root, where apt-get can) or stops within seconds with the one command to run. The e2e tests drive both
// (ADR 068), and the two share their dependencies, so one command installs whichever is missing.
// Usage: tsx scripts/ensure-chromium.ts [the command to run again, default: npm test]
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { BROWSERS, browserPath, type ChromiumBuild } from "./lib/chromium";

const rerun = process.argv[2] ?? "npm test";
const missing = (Object.keys(BROWSERS) as ChromiumBuild[])
  .map((build) => ({ ...BROWSERS[build], path: browserPath(build) }))
  .filter(({ path }) => !existsSync(path));
if (missing.length === 0) process.exit(0);

const installCommand = `apt-get update && apt-get install -y ${missing.map((b) => b.debianPackage).join(" ")}`;
const overridden = missing.filter(({ variable }) => process.env[variable] !== undefined);
const isRoot = process.getuid?.() === 0;
if (overridden.length > 0 || !isRoot || !existsSync("/usr/bin/apt-get")) {
  for (const { path } of missing) console.error(`✗ ${rerun} needs Chromium at ${path}, and it is not there.`);
  console.error(
    overridden.length > 0
      ? overridden
          .map(
            ({ variable }) =>
              `  ${variable} names a file that does not exist: point it at a Chromium binary.`,
          )
          .join("\n")
      : `  Install Debian's packages, then run ${rerun} again:\n\n    sudo sh -c '${installCommand}'\n`,
  );
  process.exit(1);
}

console.log(`Chromium is missing: installing Debian's packages (${installCommand})...`);
const result = spawnSync("sh", ["-c", installCommand], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
});
if (result.status !== 0 || missing.some(({ path }) => !existsSync(path))) {
  console.error(
    `✗ Installing Chromium failed. Run it yourself, then ${rerun} again:\n\n    ${installCommand}\n`,
  );
  process.exit(1);
}
for (const { debianPackage, path } of missing) console.log(`${debianPackage} installed at ${path}.`);
