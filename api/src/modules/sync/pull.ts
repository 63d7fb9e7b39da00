import { and, asc, eq, gt } from 'drizzle-orm';
import { CREDITS_KEY, conversationKey, messageKey } from '@sync/engine/keys';
import type { PatchOp, PullRequest, PullResponse } from '@sync/engine/mutations';
import type { AppDeps } from '../../context.js';
import { conversations, messages, syncSpaces, syncTombstones, users } from '../../db/schema/index.js';
import { loadProfileInfo, toConversationRecord, toMessageRecord } from '../messaging/serialize.js';
import { readClient } from './push.js';

/**
 * What changed for the member since the cursor (their sync space version), in one repeatable-read snapshot
 * so the cursor, the rows and lastMutationId agree. Cursor 0 (or one from a future the server does not
 * know, e.g. after a restore) answers everything after a `clear`. Credits are always included.
 */
export async function pull(deps: AppDeps, userId: string, req: PullRequest): Promise<PullResponse> {
  return deps.db.transaction(
    async (tx) => {
      const client = await readClient(tx, req.clientId, userId);
      const [space] = await tx.select({ version: syncSpaces.version }).from(syncSpaces).where(eq(syncSpaces.userId, userId));
      const version = space?.version ?? 0;
      const cursor = req.cursor > version ? 0 : req.cursor;

      const convRows = await tx
        .select()
        .from(conversations)
        .where(and(eq(conversations.userId, userId), gt(conversations.version, cursor)))
        .orderBy(asc(conversations.version));
      const msgRows = await tx
        .select({ m: messages })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(and(eq(conversations.userId, userId), gt(messages.version, cursor)))
        .orderBy(asc(messages.version));
      const gone =
        cursor === 0
          ? []
          : await tx
              .select()
              .from(syncTombstones)
              .where(and(eq(syncTombstones.userId, userId), gt(syncTombstones.version, cursor)))
              .orderBy(asc(syncTombstones.version));
      const [user] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
      const info = await loadProfileInfo(
        tx,
        convRows.map((c) => c.profileId),
      );

      const patch: PatchOp[] = cursor === 0 ? [{ op: 'clear' }] : [];
      for (const t of gone) {
        patch.push({ op: 'del', key: t.kind === 'conversation' ? conversationKey(t.entityId) : messageKey(t.conversationId, t.entityId) });
      }
      for (const c of convRows) patch.push({ op: 'put', key: conversationKey(c.id), value: toConversationRecord(c, info.get(c.profileId)) });
      for (const { m } of msgRows) patch.push({ op: 'put', key: messageKey(m.conversationId, m.id), value: toMessageRecord(m, 'member') });
      patch.push({ op: 'put', key: CREDITS_KEY, value: user?.credits ?? 0 });
      return { cursor: version, lastMutationId: client?.lastMutationId ?? 0, patch };
    },
    { isolationLevel: 'repeatable read' },
  );
}
