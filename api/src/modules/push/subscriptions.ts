import { and, eq } from 'drizzle-orm';
import type { PushSubscriptionBody } from '@sync/contract/push';
import type { AppDeps } from '../../context.js';
import { pushSubscriptions } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';

/**
 * Keeps a device's subscription for the member signed in on it. The endpoint is the device's identity: a browser
 * that subscribes again (a new key, another account signed in) replaces its row, so one device never gets another
 * account's notifications.
 */
export async function saveSubscription(deps: AppDeps, userId: string, body: PushSubscriptionBody, userAgent: string | undefined) {
  // The server posts to this address: in production only a push service's https address (no requests to plain http).
  if (!deps.config.push.allowHttpEndpoints && new URL(body.endpoint).protocol !== 'https:') {
    throw new ApiError(400, 'invalid-json', 'endpoint must be an https URL', { fields: { endpoint: 'endpoint must be an https URL' } });
  }
  const values = { userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, userAgent: userAgent ?? null };
  const [row] = await deps.db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: values.p256dh, auth: values.auth, userAgent: values.userAgent } })
    .returning({ id: pushSubscriptions.id, createDate: pushSubscriptions.createDate });
  return { _id: row!.id, createDate: row!.createDate.toISOString() };
}

/** Turns notifications off on one device; another member's endpoint is left alone (answers the same). */
export async function removeSubscription(deps: AppDeps, userId: string, endpoint: string): Promise<void> {
  await deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
