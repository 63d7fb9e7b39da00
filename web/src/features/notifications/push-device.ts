import { call, rpc, via } from '@web/lib/rpc';
import { registerStoreReset } from '@web/lib/store-reset';

/**
 * This device's Web Push subscription (docs/decisions/0035-emoji-images-split-inbox-and-web-push.md): the browser subscribes with the server's
 * VAPID key and the server keeps the subscription for the member signed in here.
 */

export type PushAvailability = 'unsupported' | 'denied' | 'available';

export function pushAvailability(): PushAvailability {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || typeof Notification === 'undefined') return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

/** The application server key as the Push API wants it: the bytes of the base64url string. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** Whether this device gets notifications now (a subscription the browser holds; the server has it too). */
export async function deviceSubscribed(): Promise<boolean> {
  if (pushAvailability() !== 'available' || Notification.permission !== 'granted') return false;
  const reg = await navigator.serviceWorker.getRegistration();
  return Boolean(await reg?.pushManager.getSubscription());
}

export class PushRefused extends Error {}

/** Asks the browser for permission (the member's click), subscribes and hands the subscription to the server. */
export async function subscribeDevice(): Promise<void> {
  if (pushAvailability() === 'unsupported') throw new PushRefused('unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused(permission);
  const reg = await registration();
  const { publicKey } = await call(rpc.push.key.$get(undefined, via({ loader: false })));
  let subscription = await reg.pushManager.getSubscription();
  // A subscription made with another key (a server with new keys) cannot be used: make a new one.
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && btoa(String.fromCharCode(...new Uint8Array(current))) !== btoa(String.fromCharCode(...keyBytes(publicKey)))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const { expirationTime, keys } = subscription.toJSON();
  // The server refuses a subscription without its keys (400), as it did when the whole toJSON() went as it was.
  const json = { endpoint: subscription.endpoint, expirationTime, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
  await call(rpc.push.subscriptions.$post({ json }, via({ loader: false })));
}

/** Turns notifications off here: the server forgets the device, the browser drops the subscription. */
export async function unsubscribeDevice(): Promise<void> {
  const reg = await navigator.serviceWorker.getRegistration();
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return;
  await call(rpc.push.unsubscribe.$post({ json: { endpoint: subscription.endpoint } }, via({ loader: false })));
  await subscription.unsubscribe();
}

// Logging out ends this device's notifications: the next person on it must not see the last member's messages.
// The browser's unsubscribe needs no token; the push service then answers 410 and the server drops the row.
registerStoreReset('push-device', () => {
  if (pushAvailability() === 'unsupported') return;
  void navigator.serviceWorker
    .getRegistration()
    .then((reg) => reg?.pushManager.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
});
