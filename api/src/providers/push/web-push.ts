import webpush from 'web-push';
import type { PushMessage, PushOutcome, PushSender, PushTarget, VapidKeys } from './push.js';

/**
 * The real adapter: the `web-push` package encrypts the payload (aes128gcm, RFC 8291) and signs the request (VAPID,
 * RFC 8292); Node's fetch sends it, so an http endpoint works too outside production (the journeys' push sandbox:
 * web-push's own sender speaks https only).
 */
export class WebPushSender implements PushSender {
  readonly publicKey: string;

  constructor(private readonly vapid: VapidKeys) {
    this.publicKey = vapid.publicKey;
  }

  async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
    const request = webpush.generateRequestDetails(target, message.payload, {
      vapidDetails: this.vapid,
      TTL: message.ttlSeconds,
      ...(message.topic ? { topic: message.topic } : {}),
      urgency: message.urgency ?? 'normal',
    });
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return { status: 'gone' };
    if (!response.ok) throw new Error(`push service answered ${response.status}`);
    return { status: 'sent' };
  }
}
