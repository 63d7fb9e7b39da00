import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { BLOCKED_KEY, CREDITS_KEY, conversationKey, messageKey } from '@sync/engine/keys';
import { MAX_PULL_CHANGES, type PatchOp, type PullRequest, type PullResponse } from '@sync/engine/mutations';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conversations, messages, profileBlocks, syncSpaces, syncTombstones, users } from '../../db/schema/index.js';
import { toMessageRecord } from '../messaging/serialize.js';
import { checksumsOf } from './history-window.js';
import { conversationPuts, type PageContext } from './page.js';
import { readClient } from './push.js';
import { firstSnapshotPage, parseSnapshot, snapshotPage } from './snapshot.js';

/**
 * One page of a pull, in one repeatable-read transaction so the cursor, the rows and lastMutationId agree.
 * Cursor 0, or one from a future the server does not know (a restore), starts a snapshot: the member's history
 * window, page by page (snapshot.ts); a `snapshot` continuation goes on with it. Any other cursor answers what
 * changed since (incremental). Credits ride on every page.
 */
export async function pull(deps: AppDeps, userId: string, req: PullRequest, limit = MAX_PULL_CHANGES): Promise<PullResponse> {
  return deps.db.transaction(
    async (tx) => {
      const client = await readClient(tx, req.clientId, userId);
      const [space] = await tx.select({ version: syncSpaces.version }).from(syncSpaces).where(eq(syncSpaces.userId, userId));
      const page: PageContext = { tx, userId, version: space?.version ?? 0, lastMutationId: client?.lastMutationId ?? 0, limit };
      const snapshot = parseSnapshot(req.snapshot, page.version);
      if (snapshot) return withCredits(page, await snapshotPage(page, snapshot));
      if (req.cursor === 0 || req.cursor > page.version) return withCredits(page, await firstSnapshotPage(page));
      return withCredits(page, await changesSince(page, req.cursor));
    },
    { isolationLevel: 'repeatable read' },
  );
}

/** Credits and the blocked profiles ride on every page: the device's send rule reads both (sync/src/engine/mutators.ts). */
async function withCredits(page: PageContext, response: PullResponse): Promise<PullResponse> {
  const [user] = await page.tx.select({ credits: users.credits }).from(users).where(eq(users.id, page.userId));
  const blocked = await page.tx.select({ id: profileBlocks.profileId }).from(profileBlocks).where(eq(profileBlocks.userId, page.userId));
  response.patch.push({ op: 'put', key: CREDITS_KEY, value: user?.credits ?? 0 });
  response.patch.push({ op: 'put', key: BLOCKED_KEY, value: blocked.map((b) => b.id).sort() });
  return response;
}

/**
 * What changed since the cursor, paged: at most `limit` changes (conversations, messages, tombstones), more when
 * the last version is shared (the rows one transaction changed share its version and travel together); then
 * `more` is true and `cursor` is the page's last version. A change made between pages gets a newer version, so
 * a later page brings it. The last page carries the checksums of the conversations it touched.
 */
async function changesSince({ tx, userId, version, lastMutationId, limit }: PageContext, cursor: number): Promise<PullResponse> {
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
    .where(and(eq(conversations.userId, userId), eq(conversations.blocked, false), gt(messages.version, cursor), lte(messages.version, until)))
    .orderBy(asc(messages.version));
  const gone = await tx
    .select()
    .from(syncTombstones)
    .where(and(eq(syncTombstones.userId, userId), gt(syncTombstones.version, cursor), lte(syncTombstones.version, until)))
    .orderBy(asc(syncTombstones.version));
  const patch: PatchOp[] = [];
  for (const t of gone) {
    patch.push({ op: 'del', key: t.kind === 'conversation' ? conversationKey(t.entityId) : messageKey(t.conversationId, t.entityId) });
  }
  // A blocked conversation leaves the device (its messages with it); unblocked, it comes back as a put and the
  // checksum below makes the device fetch its latest messages again.
  const hidden = convRows.filter((c) => c.blocked);
  for (const c of hidden) patch.push({ op: 'del', key: conversationKey(c.id) });
  patch.push(...(await conversationPuts(
    tx,
    convRows.filter((c) => !c.blocked),
  )));
  for (const { m } of msgRows) patch.push({ op: 'put', key: messageKey(m.conversationId, m.id), value: toMessageRecord(m, 'member') });
  const more = upTo !== null && upTo < version;
  if (more) return { cursor: upTo, lastMutationId, patch, more };
  const deleted = new Set([...gone.filter((t) => t.kind === 'conversation').map((t) => t.entityId), ...hidden.map((c) => c.id)]);
  const touched = new Set([...convRows.map((c) => c.id), ...msgRows.map(({ m }) => m.conversationId), ...gone.filter((t) => t.kind === 'message').map((t) => t.conversationId)]);
  const checksums = await checksumsOf(
    tx,
    [...touched].filter((id) => !deleted.has(id)),
  );
  return { cursor: version, lastMutationId, patch, more, checksums };
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
  const tomb = await tx
    .select({ v: syncTombstones.version })
    .from(syncTombstones)
    .where(and(eq(syncTombstones.userId, userId), gt(syncTombstones.version, cursor)))
    .orderBy(asc(syncTombstones.version))
    .limit(take);
  const versions = [...conv, ...msg, ...tomb].map((r) => Number(r.v)).sort((a, b) => a - b);
  return versions.length > limit ? versions[limit - 1]! : null;
}
