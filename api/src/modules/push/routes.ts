import { Hono } from 'hono';
import { pushSubscriptionBody, pushUnsubscribeBody } from '@sync/contract/push';
import type { AppEnv } from '../../context.js';
import { requireAuth } from '../auth/middleware.js';
import { validate } from '../../lib/validate.js';
import { removeSubscription, saveSubscription } from './subscriptions.js';

const member = requireAuth('user');

/**
 * Web Push for members (docs/decisions/0035-emoji-images-split-inbox-and-web-push.md):
 *   GET  /api/push/key            → { publicKey }: the VAPID key a browser subscribes with
 *   POST /api/push/subscriptions  PushSubscription.toJSON() → 201 { _id, createDate }: this device gets notifications
 *   POST /api/push/unsubscribe    { endpoint } → 204: this device no longer does
 */
export const pushRoutes = new Hono<AppEnv>()
  .get('/push/key', member, (c) => c.json({ publicKey: c.get('deps').providers.push.publicKey }))
  .post('/push/subscriptions', member, validate('json', pushSubscriptionBody), async (c) =>
    c.json(await saveSubscription(c.get('deps'), c.get('auth').id, c.req.valid('json'), c.req.header('user-agent')?.slice(0, 500)), 201),
  )
  .post('/push/unsubscribe', member, validate('json', pushUnsubscribeBody), async (c) => {
    await removeSubscription(c.get('deps'), c.get('auth').id, c.req.valid('json').endpoint);
    return c.body(null, 204);
  });
