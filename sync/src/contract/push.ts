/** Web Push subscriptions (docs/decisions/0035-emoji-images-split-inbox-and-web-push.md): what a browser's PushSubscription.toJSON() gives. */
import { z } from 'zod';
import { text } from './text.js';

/** The byte length base64 characters stand for (6 bits each; a trailing partial byte is not one). */
function decodedLength(value: string): number {
  return Math.floor((value.replace(/=+$/, '').length * 6) / 8);
}

/** base64url of exactly `bytes` bytes (padding tolerated, as some browsers send it). */
function base64urlOf(bytes: number, what: string) {
  return text()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`)
    .refine((value) => decodedLength(value) === bytes, `${what} must be ${bytes} bytes`);
}

export const pushEndpoint = text()
  .max(2048)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'endpoint must be an http(s) URL');

export const pushSubscriptionBody = z.object({
  endpoint: pushEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // The device's P-256 public key, uncompressed (65 bytes), and its 16-byte auth secret (RFC 8291).
    p256dh: base64urlOf(65, 'keys.p256dh'),
    auth: base64urlOf(16, 'keys.auth'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushUnsubscribeBody = z.object({ endpoint: pushEndpoint });

export const pushKeyAnswer = z.object({ publicKey: text() });
export const pushSubscriptionAnswer = z.object({ _id: text(), createDate: text() });
