import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { CREDITS_KEY, conversationKey, messageKey } from '@sync/engine/keys';
import { MAX_PULL_CHANGES, type PatchOp, type PullRequest, type PullResponse } from '@sync/engine/mutations';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conversations, messages, syncSpaces, syncTombstones, users } from '../../db/schema/index.js';
import { loadProfileInfo, toConversationRecord, toMessageRecord } from '../messaging/serialize.js';
import { readClient } from './push.js';

/**
 * What changed for the member since the cursor (their sync space version), in one repeatable-read snapshot
 * so the cursor, the rows and lastMutationId agree. Cursor 0 (or one from a future the server does not
 * know, e.g. after a restore) answers everything after a `clear`. Credits are always included.
 *
 * Paged: at most `limit` changes (conversations, messages, tombstones), more when the last version is shared
 * (the rows one transaction changed share its version and travel together); then `more` is true and `cursor`
 * is the page's last version. A change made between pages gets a newer version, so a later page brings it.
 */
export async function pull(deps: AppDeps, userId: string, req: PullRequest, limit = MAX_PULL_CHANGES): Promise<PullResponse> {
  return deps.db.transaction(
    async (tx) => {
      const client = await readClient(tx, req.clientId, userId);
      const [space] = await tx.select({ version: syncSpaces.version }).from(syncSpaces).where(eq(syncSpaces.userId, userId));
      const version = space?.version ?? 0;
      const cursor = req.cursor > version ? 0 : req.cursor;
      const upTo = await pageEnd(tx, userId, cursor, limit);
      const until = upTo ?? version;

      const convRows = await tx
        .select()
        .from(conversations)
        .where(and(eq(conversations.userId, userId), gt(conversations.version, cursor), lte(conversations.version, until)))
        .orderBy(asc(conversations.version));
      const msgRows = await tx
        .select({ m: messages })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(and(eq(conversations.userId, userId), gt(messages.version, cursor), lte(messages.version, until)))
        .orderBy(asc(messages.version));
      const gone =
        cursor === 0
          ? []
          : await tx
              .select()
              .from(syncTombstones)
              .where(and(eq(syncTombstones.userId, userId), gt(syncTombstones.version, cursor), lte(syncTombstones.version, until)))
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
      const more = upTo !== null && upTo < version;
      return { cursor: more ? upTo : version, lastMutationId: client?.lastMutationId ?? 0, patch, more };
    },
    { isolationLevel: 'repeatable read' },
  );
}

/**
 * The version the page ends at when more than `limit` changes follow the cursor, else null (everything fits).
 * Reads only the version columns, at most limit + 1 of each kind.
 */
async function pageEnd(tx: Executor, userId: string, cursor: number, limit: number): Promise<number | null> {
  const take = limit + 1;
  const conv = await tx
    .select({ v: conversations.version })
    .from(conversations)
    .where(and(eq(conversations.userId, userId), gt(conversations.version, cursor)))
    .orderBy(asc(conversations.version))
    .limit(take);
  const msg = await tx
    .select({ v: messages.version })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(conversations.userId, userId), gt(messages.version, cursor)))
    .orderBy(asc(messages.version))
    .limit(take);
  const tomb =
    cursor === 0
      ? []
      : await tx
          .select({ v: syncTombstones.version })
          .from(syncTombstones)
          .where(and(eq(syncTombstones.userId, userId), gt(syncTombstones.version, cursor)))
          .orderBy(asc(syncTombstones.version))
          .limit(take);
  const versions = [...conv, ...msg, ...tomb].map((r) => Number(r.v)).sort((a, b) => a - b);
  return versions.length > limit ? versions[limit - 1]! : null;
}
