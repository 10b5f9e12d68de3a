// Sign-in throttling: failed attempts are counted per account and per IP in KV for a quarter of an hour.
// KV is eventually consistent, so a burst spread over several locations can get a few extra tries; that is
// acceptable for slowing guessing down, and a correct password never resets someone else's counter.

const WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 20;

const accountKey = (email: string) => `throttle:signin:account:${email}`;
const ipKey = (ip: string) => `throttle:signin:ip:${ip}`;

async function read(kv: KVNamespace, key: string): Promise<number> {
  return Number((await kv.get(key)) ?? 0);
}

export async function isSignInBlocked(kv: KVNamespace, email: string, ip: string): Promise<boolean> {
  const [account, address] = await Promise.all([read(kv, accountKey(email)), read(kv, ipKey(ip))]);
  return account >= MAX_FAILURES_PER_ACCOUNT || address >= MAX_FAILURES_PER_IP;
}

export async function recordSignInFailure(kv: KVNamespace, email: string, ip: string): Promise<void> {
  await Promise.all(
    [accountKey(email), ipKey(ip)].map(async (key) =>
      kv.put(key, String((await read(kv, key)) + 1), { expirationTtl: WINDOW_SECONDS }),
    ),
  );
}

export async function clearSignInFailures(kv: KVNamespace, email: string): Promise<void> {
  await kv.delete(accountKey(email));
}
