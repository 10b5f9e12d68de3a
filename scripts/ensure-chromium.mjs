// The end-to-end tests and the browser benches drive Debian's Chromium. `npm test` and `npm run bench` run this
// first, so a bare machine either gets the browser installed here (as root, where apt-get can) or stops within
// seconds with the one command to run. The argument names the command to run again (default: npm test).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const rerun = process.argv[2] ?? "npm test";
const installCommand = "apt-get update && apt-get install -y chromium";

if (existsSync(chromium)) process.exit(0);

const isRoot = process.getuid?.() === 0;
if (process.env.CHROMIUM_PATH || !isRoot || !existsSync("/usr/bin/apt-get")) {
  console.error(`✗ ${rerun} needs Chromium at ${chromium}, and it is not there.`);
  console.error(
    process.env.CHROMIUM_PATH
      ? "  CHROMIUM_PATH names a file that does not exist: point it at a Chromium binary."
      : `  Install Debian's Chromium, then run ${rerun} again:\n\n    sudo sh -c '${installCommand}'\n`,
  );
  process.exit(1);
}

console.log(`Chromium is missing: installing Debian's package (${installCommand})...`);
const result = spawnSync("sh", ["-c", installCommand], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
});
if (result.status !== 0 || !existsSync(chromium)) {
  console.error(
    `✗ Installing Chromium failed. Run it yourself, then ${rerun} again:\n\n    ${installCommand}\n`,
  );
  process.exit(1);
}
console.log(`Chromium installed at ${chromium}.`);
