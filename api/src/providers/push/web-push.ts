import webpush from 'web-push';
import type { PushMessage, PushOutcome, PushSender, PushTarget, VapidKeys } from './push.js';

/** The real adapter: the `web-push` package encrypts (aes128gcm) and sends with a VAPID signature. */
export class WebPushSender implements PushSender {
  readonly publicKey: string;

  constructor(private readonly vapid: VapidKeys) {
    this.publicKey = vapid.publicKey;
  }

  async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
    try {
      await webpush.sendNotification(target, message.payload, {
        vapidDetails: this.vapid,
        TTL: message.ttlSeconds,
        ...(message.topic ? { topic: message.topic } : {}),
        urgency: message.urgency ?? 'normal',
        timeout: 10_000,
      });
      return { status: 'sent' };
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) return { status: 'gone' };
      throw error;
    }
  }
}
