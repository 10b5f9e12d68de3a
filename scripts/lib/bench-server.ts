import { type ChildProcess, spawn } from "node:child_process";

/**
 * The production build with a fresh seeded database of its own, as the e2e tests get it (scripts/e2e-server.ts on
 * `port`, its state beside the port), ready once /api/health answers. Stop it with `stopBenchServer`.
 */
export async function startBenchServer(port: string): Promise<ChildProcess> {
  const server = spawn("npx", ["tsx", "scripts/e2e-server.ts"], {
    env: { ...process.env, E2E_PORT: port },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    if (server.exitCode !== null) throw new Error("the bench server stopped before it was ready");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the bench server was not ready within 3 minutes");
}

/** Stops the server and the workerd it started (its own process group). */
export function stopBenchServer(server: ChildProcess) {
  if (server.pid) process.kill(-server.pid, "SIGTERM");
}
