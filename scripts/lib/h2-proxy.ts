// HTTP/2 in front of a local server, for browser benches: Cloudflare serves pages over HTTP/2 and 3, while workerd
// answers locally over HTTP/1.1, where a browser opens at most six connections to the origin and queues the rest of
// a page's requests behind them. A TLS server of Node's http2 module (browsers speak HTTP/2 only over TLS) with a
// self-signed certificate made at run time; the browser must be started with --ignore-certificate-errors.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { createSecureServer } from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The Chromium flag a browser loading through the proxy needs: its certificate is made at run time. */
export const ACCEPT_PROXY_CERTIFICATE = "--ignore-certificate-errors";

/** Headers of one HTTP/1.1 connection that HTTP/2 forbids. */
const CONNECTION_HEADERS = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
]);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), "nukkad-h2-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Listens on a free port of 127.0.0.1 (HTTP/2 over TLS) and forwards every request to
 * http://127.0.0.1:`targetPort`. Answers its origin and a function that stops it. */
export function startH2Proxy(targetPort: number): Promise<{ origin: string; stop: () => Promise<void> }> {
  // Upstream connections are reused, as Cloudflare's to a Worker would be: no TCP setup counted per request.
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const server = createSecureServer(selfSignedCertificate(), (incoming, outgoing) => {
    const headers: Record<string, string | string[]> = { host: `127.0.0.1:${targetPort}` };
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (!name.startsWith(":") && value !== undefined) headers[name] = value;
    }
    const upstream = request(
      { host: "127.0.0.1", port: targetPort, method: incoming.method, path: incoming.url, headers, agent },
      (answer) => {
        const answered: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!CONNECTION_HEADERS.has(name) && value !== undefined) answered[name] = value;
        }
        outgoing.writeHead(answer.statusCode ?? 502, answered);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({
        origin: `https://127.0.0.1:${port}`,
        stop: () =>
          new Promise<void>((closed) => {
            agent.destroy();
            server.close(() => closed());
          }),
      });
    }),
  );
}
