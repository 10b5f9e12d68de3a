import { buildPushPayload } from "@block65/webcrypto-web-push";

// The one door to push services (RFC 8030): messages encrypted for the browser (RFC 8291, aes128gcm) and signed
// with the app's VAPID key (RFC 8292) by @block65/webcrypto-web-push, which needs only WebCrypto, so it runs in the
// Worker. Tests hand in their own fetch: a fake push service that decrypts what it receives.

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: address a push service can reach the sender at. */
  subject: string;
}

/** One browser's subscription, as PushSubscription.toJSON() gives it (keys base64url). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker shows (app/sw/push.ts reads the same shape). */
export interface PushContent {
  title: string;
  body: string;
  /** The path the notification opens. */
  url: string;
  /** Notifications with one tag replace each other on the device: a growing group of likes is one notification. */
  tag: string;
}

/** A push service that takes longer than this is given up on for this message: nobody waits for it, but the
 * Worker's after-response time is not endless. */
export const PUSH_TIMEOUT_MS = 5_000;

/** How long a push service keeps a message for a browser that is offline: a day, then it is stale news. */
const TTL_SECONDS = 24 * 3600;

/**
 * Sends one message to one browser and answers the push service's status; a network failure or timeout throws.
 * 404 and 410 mean the subscription is gone for good (RFC 8030 section 7.3).
 */
export async function sendPush(
  target: PushTarget,
  content: PushContent,
  vapid: VapidKeys,
  fetcher: typeof fetch = fetch,
): Promise<number> {
  const payload = await buildPushPayload(
    { data: { ...content }, options: { ttl: TTL_SECONDS, urgency: "normal" } },
    { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
    vapid,
  );
  const response = await fetcher(target.endpoint, {
    method: "POST",
    headers: payload.headers,
    body: payload.body,
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  // The answer's body says nothing the status does not; reading it frees the connection.
  await response.body?.cancel();
  return response.status;
}

/** Push services refuse a subscription that no longer exists with these: the row is deleted. */
export const isGone = (status: number) => status === 404 || status === 410;
