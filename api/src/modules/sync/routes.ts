import { Hono } from 'hono';
import { pullRequest, pushRequest } from '@sync/engine/mutations';
import type { AppEnv } from '../../context.js';
import { requireAuth } from '../auth/middleware.js';
import { validate } from '../../lib/validate.js';
import { pokeMember } from '../../realtime/publish.js';
import { pull } from './pull.js';
import { push } from './push.js';

/**
 * The outbox's endpoints (docs/architecture.md#the-sync-engine), member token required:
 *   POST /api/sync/push { clientId, mutations: [{ clientId, mutationId, name, args }] (at most 500) }
 *        -> { results: [{ mutationId, ok, result?, error?: { code, message } }], lastMutationId }
 *        403 when the clientId belongs to another member; 400 for a malformed body
 *   POST /api/sync/pull { clientId, cursor, snapshot? }
 *        -> { cursor, lastMutationId, patch: [{ op: clear|put|del, key, value? }], more?, snapshot?, checksums? }
 *        (cursor 0 starts a windowed snapshot: docs/decisions/0026-batched-push-and-windowed-pull.md)
 * After a push applied something, the member's other tabs and devices get one `poke` on the socket and pull.
 */
export const syncRoutes = new Hono<AppEnv>()
  .post('/sync/push', requireAuth('user'), validate('json', pushRequest), async (c) => {
    const body = c.req.valid('json');
    const { response, applied } = await push(c.get('deps'), c.get('auth').id, body);
    if (applied > 0) await pokeMember(c.get('deps'), c.get('auth').id, body.clientId);
    return c.json(response);
  })
  .post('/sync/pull', requireAuth('user'), validate('json', pullRequest), async (c) => c.json(await pull(c.get('deps'), c.get('auth').id, c.req.valid('json'))));
