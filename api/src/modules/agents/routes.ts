import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import {
  agentStatusEventBody,
  conversationMemoBody,
  createMeetUpBody,
  globalMemoBody,
  memoTypes,
  updateMeetUpBody,
  updateMemoBody,
  type ClaimWrapper,
  type HeldClaims,
  type MemoType,
} from '@sync/contract/agents';
import { MESSAGES_PER_CHUNK, agentReplyBody } from '@sync/contract/messaging';
import { isUuid } from '@sync/rules/ids';
import { t } from '@sync/texts';
import { ApiError } from '../../lib/errors.js';
import { idempotency, idempotentWrite, type IdempotencyEnv } from '../../lib/idempotency.js';
import { requireAuth } from '../auth/middleware.js';
import { validate } from '../../lib/validate.js';
import { replyAsAgent } from './reply.js';
import { notifyClaimEnded, notifyClaimStarted } from './claim-ended.js';
import { claimNext, liveClaims, queueCounts, releaseAllClaims } from './claims.js';
import { addMeetUp, deleteMeetUp, updateMeetUp } from './meet-ups.js';
import { addConversationMemo, addGlobalMemo, deleteMemo, updateMemo, type MemoOwner } from './memos.js';
import { changeStatus, publishStatus, sessionState } from './session.js';
import { loadStaff, scopedConversation } from './staff.js';
import { publishBoardChange } from './supervisor-board.js';
import { staffConversation, toAgentConversation } from './staff-conversation.js';

const staffOnly = requireAuth('agent');

function memoType(raw: string): MemoType {
  if (!(memoTypes as readonly string[]).includes(raw)) throw new ApiError(404, 'not-found', `Page not found: /api/${raw}`);
  return raw as MemoType;
}

/** An unknown memo owner type names no route (404), whatever the body. */
const knownMemoType: MiddlewareHandler = async (c, next) => {
  memoType(c.req.param('type') ?? '');
  await next();
};

/**
 * The agent console (docs/api.md#agents); staff only (agents and admins).
 *   GET    /api/event                                   the agent's session state
 *   POST   /api/event { queue, message }                status change → session state; 429 pause-once-per-hour
 *   GET    /api/queue                                   { MessageStock, FollowUpStock, MeetUpStock, total }
 *   GET    /api/claim                                   claim wrapper, 204 when nothing waits, 409 claim-limit / session-not-started
 *   GET    /api/claims                                  the agent's live claims as claim wrappers and its maxClaims (every tab's list)
 *   POST   /api/claims/:id/release                      gives a held conversation back to its stock; 404 claim-not-found
 *   POST   /api/stock/:id/reply                         the reply (same as POST /api/conversation/:id/message for staff)
 *   POST   /api/conversation/:id/note                   { note, type } → memo (201)
 *   PATCH  /api/conversation/:id/note/:noteId           { note?, archived? } → memo
 *   DELETE /api/conversation/:id/note/:noteId           → { status: "success" }
 *   POST   /api/:type/:userProfileId/note               { note } → global memo (201); type user | profile
 *   PATCH  /api/:type/:userProfileId/note/:noteId, DELETE the same
 *   POST   /api/conversation/:id/meet-up                → meet-up (201)
 *   PATCH  /api/conversation/:id/meet-up/:meetupId      edit, or cancel with cancelConfirm: true
 *   DELETE /api/conversation/:id/meet-up/:meetupId      only after cancel (409 meetup-not-cancelled)
 */
export const agentRoutes = new Hono<IdempotencyEnv>()
  .get('/event', staffOnly, async (c) => c.json(await sessionState(c.get('deps').db, c.get('auth').id, c.get('deps').clock.now())))
  .post('/event', staffOnly, validate('json', agentStatusEventBody), async (c) => {
    const { status, reason } = c.req.valid('json').message;
    const now = c.get('deps').clock.now();
    const out = await c.get('deps').db.transaction((tx) => changeStatus(tx, c.get('auth').id, status, reason, now));
    if (out.changed) await publishStatus(c.get('deps'), c.get('auth').id, out.state, reason ?? null);
    return c.json(out.state);
  })
  .get('/queue', staffOnly, async (c) => {
    const staff = await loadStaff(c.get('deps').db, c.get('auth'));
    return c.json(await queueCounts(c.get('deps').db, staff, c.get('deps').clock.now()));
  })
  .get('/claim', staffOnly, async (c) => {
    const deps = c.get('deps');
    const now = deps.clock.now();
    // One prepared call, its own short transaction (locks held only for the pick), answering the view as well.
    const claimed = await claimNext(deps.database, c.get('auth').id, now, MESSAGES_PER_CHUNK);
    if (!claimed) return c.body(null, 204);
    void publishBoardChange(deps, [c.get('auth').id], 'claim');
    const wrapper: ClaimWrapper = {
      claimTime: claimed.claimDate.toISOString(),
      postTime: claimed.stockDate.toISOString(),
      expiryTime: claimed.claimExpiryDate.toISOString(),
      stock: claimed.stock,
      conversation: toAgentConversation(claimed.conversation, claimed.domain, claimed.view, MESSAGES_PER_CHUNK, now),
    };
    // The agent's other tabs hear it; this answer does not wait for that (publishSafely never throws).
    void notifyClaimStarted(deps, c.get('auth').id, wrapper);
    return c.json(wrapper);
  })
  .get('/claims', staffOnly, async (c) => {
    const db = c.get('deps').db;
    const now = c.get('deps').clock.now();
    const staff = await loadStaff(db, c.get('auth'));
    const held = await liveClaims(db, staff.id, now);
    const data: ClaimWrapper[] = [];
    for (const h of held) {
      const { conversation, domain } = await scopedConversation(db, { ...staff, isAdmin: true }, h.id);
      data.push({
        claimTime: h.claimDate!.toISOString(),
        postTime: (h.stockDate ?? h.claimDate!).toISOString(),
        expiryTime: h.claimExpiryDate!.toISOString(),
        stock: h.stock ?? 'message',
        conversation: await staffConversation(db, conversation, domain, now),
      });
    }
    return c.json({ data, total: data.length, page: 1, limit: data.length, maxClaims: staff.row.maxClaims, now: now.toISOString() } satisfies HeldClaims);
  })
  .post('/claims/:id/release', staffOnly, async (c) => {
    const id = c.req.param('id');
    const now = c.get('deps').clock.now();
    const released = isUuid(id) ? await c.get('deps').db.transaction((tx) => releaseAllClaims(tx, c.get('auth').id, now, id)) : 0;
    if (released === 0) throw new ApiError(404, 'claim-not-found', t('agent.claim-not-held'));
    void notifyClaimEnded(c.get('deps'), c.get('auth').id, id, 'released');
    void publishBoardChange(c.get('deps'), [c.get('auth').id], 'release');
    return c.json({ status: 'success', message: t('agent.claim-released') });
  })
  .post('/stock/:id/reply', staffOnly, idempotency(), validate('json', agentReplyBody), async (c) => replyAsAgent(c, c.req.param('id'), c.req.valid('json')))
  // Memos on a conversation.
  .post('/conversation/:id/note', staffOnly, idempotency(), validate('json', conversationMemoBody), async (c) => {
    const body = c.req.valid('json');
    const out = await idempotentWrite(c, 201, async (tx) =>
      addConversationMemo(tx, await loadStaff(tx, c.get('auth')), c.req.param('id'), body, c.get('deps').clock.now()),
    );
    return out.response;
  })
  .patch('/conversation/:id/note/:noteId', staffOnly, validate('json', updateMemoBody), async (c) =>
    memoPatch(c, { conversationId: c.req.param('id') }, c.req.param('noteId'), c.req.valid('json')),
  )
  .delete('/conversation/:id/note/:noteId', staffOnly, async (c) => memoDelete(c, { conversationId: c.req.param('id') }, c.req.param('noteId')))
  // Meet-ups.
  .post('/conversation/:id/meet-up', staffOnly, idempotency(), validate('json', createMeetUpBody), async (c) => {
    const body = c.req.valid('json');
    const out = await idempotentWrite(c, 201, async (tx) => addMeetUp(tx, await loadStaff(tx, c.get('auth')), c.req.param('id'), body, c.get('deps').clock.now()));
    return out.response;
  })
  .patch('/conversation/:id/meet-up/:meetupId', staffOnly, validate('json', updateMeetUpBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.get('deps').db;
    const out = await db.transaction(async (tx) =>
      updateMeetUp(tx, await loadStaff(tx, c.get('auth')), c.req.param('id'), c.req.param('meetupId'), body, c.get('deps').clock.now()),
    );
    return c.json(out.meetUp);
  })
  .delete('/conversation/:id/meet-up/:meetupId', staffOnly, async (c) => {
    const db = c.get('deps').db;
    await db.transaction(async (tx) => deleteMeetUp(tx, await loadStaff(tx, c.get('auth')), c.req.param('id'), c.req.param('meetupId')));
    return c.json({ status: 'success', message: t('agent.meetup-removed') });
  })
  // Memos across conversations (global): /api/user/:userId/note, /api/profile/:profileId/note.
  .post('/:type/:subjectId/note', staffOnly, idempotency(), knownMemoType, validate('json', globalMemoBody), async (c) => {
    const type = memoType(c.req.param('type'));
    const body = c.req.valid('json');
    const out = await idempotentWrite(c, 201, async (tx) =>
      addGlobalMemo(tx, await loadStaff(tx, c.get('auth')), type, c.req.param('subjectId'), body.note, c.get('deps').clock.now()),
    );
    return out.response;
  })
  .patch('/:type/:subjectId/note/:noteId', staffOnly, knownMemoType, validate('json', updateMemoBody), async (c) =>
    memoPatch(c, { type: memoType(c.req.param('type')), subjectId: c.req.param('subjectId') }, c.req.param('noteId'), c.req.valid('json')),
  )
  .delete('/:type/:subjectId/note/:noteId', staffOnly, async (c) =>
    memoDelete(c, { type: memoType(c.req.param('type')), subjectId: c.req.param('subjectId') }, c.req.param('noteId')),
  );

type Ctx = Context<IdempotencyEnv>;

async function memoPatch(c: Ctx, owner: MemoOwner, noteId: string, body: z.output<typeof updateMemoBody>) {
  const db = c.get('deps').db;
  const memo = await db.transaction(async (tx) =>
    updateMemo(tx, await loadStaff(tx, c.get('auth')), owner, noteId, body, c.get('deps').clock.now()),
  );
  return c.json(memo);
}

async function memoDelete(c: Ctx, owner: MemoOwner, noteId: string) {
  const db = c.get('deps').db;
  await db.transaction(async (tx) => deleteMemo(tx, await loadStaff(tx, c.get('auth')), owner, noteId));
  return c.json({ status: 'success', message: t('agent.memo-removed') });
}
