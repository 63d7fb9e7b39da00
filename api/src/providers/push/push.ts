/**
 * Web Push (RFC 8030/8291/8292): a push service (FCM for Chromium, Mozilla's autopush, Apple's) holds a message
 * for a device until the browser wakes its service worker. The adapter encrypts the payload with the device's
 * keys and signs the request with the app's VAPID key.
 */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushMessage {
  /** The JSON the service worker reads (web/public/push-sw.js): title, body, icon, url, tag. */
  payload: string;
  /** How long the push service keeps it for a device that is off, in seconds. */
  ttlSeconds: number;
  /** A later message with the same topic replaces an undelivered earlier one at the push service. */
  topic?: string;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
}

/** `gone`: the push service says the subscription no longer exists (404/410): the device unsubscribed. */
export type PushOutcome = { status: 'sent' } | { status: 'gone' };

export interface PushSender {
  /** The VAPID public key the browser subscribes with (base64url, an uncompressed P-256 point). */
  readonly publicKey: string;
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: contact for the push services' operators (RFC 8292). */
  subject: string;
}
