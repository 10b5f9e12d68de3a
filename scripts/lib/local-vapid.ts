// Local web push (ADR 028): `npm start`, `npm run dev` and the e2e server need a VAPID key pair, which production
// keeps as secrets. When .dev.vars has none, a pair is made once and written there, so browsers that subscribed
// keep working across restarts (a new pair would silence them).
import { generateKeyPairSync } from "node:crypto";
import { appendFileSync, existsSync, readFileSync } from "node:fs";

export function ensureLocalVapidKeys(path = ".dev.vars"): void {
  const current = existsSync(path) ? readFileSync(path, "utf8") : "";
  if (/^\s*VAPID_PUBLIC_KEY\s*=/m.test(current)) return;
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const { x, y } = publicKey.export({ format: "jwk" });
  const { d } = privateKey.export({ format: "jwk" });
  if (!x || !y || !d) throw new Error("The key pair came without its coordinates");
  // The public key as browsers take it: the uncompressed point, 0x04 then x and y.
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(x, "base64url"), Buffer.from(y, "base64url")]);
  const separator = current === "" || current.endsWith("\n") ? "" : "\n";
  appendFileSync(
    path,
    `${separator}# Web push for local runs, made by scripts/lib/local-vapid.ts (ADR 028). Keep the pair: a new one
# silences the browsers that subscribed with this one.
VAPID_PUBLIC_KEY=${point.toString("base64url")}
VAPID_PRIVATE_KEY=${d}
`,
  );
  console.log(`Made a local VAPID key pair for web push in ${path}`);
}
