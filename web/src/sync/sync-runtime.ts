/**
 * The app's sync engine while a member is signed in: one SyncClient per tab, but only the leader tab pushes
 * and pulls; followers write to Dexie (mutate) and ask the leader over BroadcastChannel('amora-sync:<database>').
 * Pulls happen on start, on `online`, on socket reconnect (use-member-sync.ts), on `poke` from another
 * client and on `newMessage`. Shown credits and unread counts flow from the mirror into the stores the
 * header reads, in every tab (Dexie liveQuery sees other tabs' writes).
 */
import { liveQuery } from 'dexie';
import type { MutationArgs, MutationErrorBody, MutationName } from '@sync/engine/mutations';
import { t } from '@sync/texts';
import { call, pathParams, rpc } from '@web/lib/rpc';
import { subscribeAuth } from '@web/lib/auth-session';
import { beginAgeVerification } from '@web/lib/payments-api';
import { userStore } from '@web/lib/user-store';
import { getLocalDb, type LocalDatabase } from '@web/local/db';
import { toast } from '@web/ui/toast';
import { openPopup, popups } from '@web/ui/popups/popup-queue';
import { electLeader, LEADER_LOCK, leaderStore, type LockManagerLike } from './leader';
import { createRefusalRouter, type RefusalMessage } from './refusal-router';
import { tabLockName, type TabLocks } from './tab-presence';
import { echoSend, endEcho } from './echoes';
import { holdSend, recoverUnsavedSends, releaseSend } from './unsaved-sends';
import { SHOWN_CREDITS_KEY } from './view';
import { onSocketEvent } from './socket';
import { SyncClient, type MutateOutcome, type NewMessageEvent, type SyncTransport } from './sync-client';
import { unreadCountStore } from './unread-count';

export const SYNC_CHANNEL = 'amora-sync';
/**
 * The leader lock and the channel are the account's (named after its database): two accounts signed in in two
 * tabs of one browser each lead their own engine, and a flush asked for in one never runs the other's outbox.
 */
export const syncChannelName = (db: { name: string }) => `${SYNC_CHANNEL}:${db.name}`;
export const leaderLockName = (db: { name: string }) => `${LEADER_LOCK}:${db.name}`;
type ChannelMessage = { type: 'flush' } | { type: 'pull' } | RefusalMessage;

/** This tab, for the outbox rows it queues (a refusal is told where Send was pressed). */
export const TAB_ID = crypto.randomUUID();

export const apiTransport: SyncTransport = {
  push: (request) => call(rpc.sync.push.$post({ json: request })),
  pull: (request) => call(rpc.sync.pull.$post({ json: request })),
  latest: async (conversationId, limit) =>
    (await call(rpc.conversation[':id'].$get({ param: pathParams({ id: conversationId }), query: { limit: String(limit) } }))).messages,
};

/** docs/product.md#messaging: a refused send gives its credit back (the rebuild does that) and the member is told why. */
export function announceRefusal(error: MutationErrorBody): void {
  if (error.code === 'no-credits') tellNoCreditsOnce();
  else if (error.code === 'age-verification-required') askToVerifyAge(error.message);
  else if (error.code === 'invalid-mutation') toast.error(t('sync.refused-input', { reason: error.message }));
  else toast.error(error.message);
}

/** A queue refused past the credits answers one refusal per send: the member is told once, not once per send. */
function tellNoCreditsOnce(): void {
  const { active, queued } = popups.getState();
  if (active?.kind === 'no-credits' || queued.some((entry) => entry.kind === 'no-credits')) return;
  openPopup('no-credits', {});
}

/** Decision 0009: the brand demands a verified age for this; offer the verification right away. */
function askToVerifyAge(message: string): void {
  const userId = userStore.get().user?._id;
  openPopup('general', {
    title: 'Verify your age',
    message,
    confirmLabel: 'Verify my age',
    onConfirm: () => {
      if (userId) beginAgeVerification(userId).catch(() => toast.error(t('error.generic')));
    },
  });
}

interface Runtime {
  client: SyncClient;
  tabId: string;
  leader: boolean;
  channel: BroadcastChannel | null;
  stop: () => void;
}

let runtime: Runtime | null = null;

export interface StartOptions {
  db?: LocalDatabase;
  transport?: SyncTransport;
  locks?: LockManagerLike | null;
  /** This tab's id (tests start two "tabs" in one page). */
  tabId?: string;
  random?: () => number;
}

/**
 * Starts the engine for the signed-in member; returns the stop (sign-out, layout unmount). An engine already
 * running on the same account's database is kept (the app starts it at boot, before the member's frame mounts,
 * so the first pull does not wait for the brand, the user and the layout's code).
 */
export function startMemberSync(options: StartOptions = {}): () => void {
  const db = options.db ?? getLocalDb();
  if (runtime && runtime.client.db === db && !options.transport && !options.tabId) return runtime.stop;
  runtime?.stop();
  const tabId = options.tabId ?? TAB_ID;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(syncChannelName(db));
  const locks = options.locks === undefined ? (navigator as { locks?: TabLocks }).locks : options.locks;
  const refusals = createRefusalRouter({ tabId, post: (message) => channel?.postMessage(message), locks, announce: announceRefusal });
  const client = new SyncClient({
    db,
    transport: options.transport ?? apiTransport,
    random: options.random,
    tabId,
    onRefused: (row, error) => void refusals.route(row, error),
    fallbackCredits: () => userStore.get().user?.credits,
    onSend: echoSend,
  });
  // Held while this tab is open: the leader asks for it before sending a refusal here.
  const releaseTabLock = locks ? electLeader(() => undefined, locks, tabLockName(tabId)) : () => undefined;
  const self: Runtime = { client, tabId, leader: false, channel, stop: () => undefined };
  runtime = self;

  const onLeader = (leader: boolean) => {
    self.leader = leader;
    leaderStore.set(leader);
    if (leader) void client.pull().catch(() => undefined).then(() => client.flush());
  };
  const releaseLeader = electLeader(onLeader, options.locks, leaderLockName(db));

  if (channel) {
    channel.onmessage = (event: MessageEvent<ChannelMessage>) => {
      if (refusals.receive(event.data)) return;
      if (!self.leader) return;
      if (event.data?.type === 'flush') void client.flush();
      if (event.data?.type === 'pull') void client.pull().catch(() => undefined);
    };
  }

  const onOnline = () => {
    if (!self.leader) return;
    void client.resume();
    void client.pull().catch(() => undefined);
  };
  window.addEventListener('online', onOnline);

  const offSocket = [
    onSocketEvent('poke', (frame) => {
      // Our own pushes pull right after they are answered.
      if (frame.clientId && frame.clientId === client.clientIdSync) return;
      requestPull();
    }),
    onSocketEvent('newMessage', (frame) => {
      // Shown from the event itself; the pull after it moves the cursor (and brings a long text whole).
      const event = frame as unknown as Partial<NewMessageEvent>;
      if (event.conversation && event.message) void client.applyNewMessage(event as NewMessageEvent).catch((err: unknown) => console.error('sync: newMessage not applied', err));
      requestPull();
    }),
    // A purchase (or a refund) changes the credits outside the sync space: every pull page carries them, and the
    // device's send rule reads the mirror's, not the header's (a Retry after buying was refused on the device).
    onSocketEvent('userUpdate', () => requestPull()),
  ];

  // Every tab keeps the header's credits and unread badge on the mirror's numbers.
  const creditsSub = liveQuery(() => db.meta.get(SHOWN_CREDITS_KEY)).subscribe({
    next: (row) => {
      if (typeof row?.value === 'number' && userStore.get().user?.credits !== row.value) userStore.update({ credits: row.value });
    },
    error: () => undefined,
  });
  const unreadSub = liveQuery(async () => {
    const synced = await db.meta.get('sync:cursor');
    if (!synced) return null;
    const all = await db.conversations.toArray();
    return all.reduce((sum, c) => sum + (c.unread ?? 0), 0);
  }).subscribe({
    next: (total) => {
      if (typeof total === 'number') unreadCountStore.set(total);
    },
    error: () => undefined,
  });

  void client.clientId();
  // Sends a closed tab drew but never wrote: queued again before anything else of this tab's is.
  void recoverUnsavedSends(db, (args) => mutateOn(self, 'sendMessage', args), locks).catch((err: unknown) => console.error('sync: unsaved sends not recovered', err));

  self.stop = () => {
    client.stop();
    releaseLeader();
    releaseTabLock();
    channel?.close();
    window.removeEventListener('online', onOnline);
    offSocket.forEach((off) => off());
    creditsSub.unsubscribe();
    unreadSub.unsubscribe();
    if (runtime === self) runtime = null;
  };
  return self.stop;
}

/**
 * Starts the engine at boot for the member the stored session names: it runs until that session ends, and the
 * member's frame adopts it when it mounts (startMemberSync keeps a running engine).
 */
export function startMemberSyncAtBoot(): void {
  performance.mark('sync:boot');
  const stop = startMemberSync();
  const started = runtime;
  const off = subscribeAuth((auth) => {
    if (runtime !== started) return off();
    if (!auth.isAuthenticated || auth.kind !== 'user') {
      off();
      stop();
    }
  });
}

function ask(type: 'flush' | 'pull'): void {
  const current = runtime;
  if (!current) return;
  if (current.leader) {
    if (type === 'flush') void current.client.flush();
    else void current.client.pull().catch(() => undefined);
  } else {
    current.channel?.postMessage({ type } satisfies ChannelMessage);
  }
}

export function requestPull(): void {
  ask('pull');
}

export function requestFlush(): void {
  ask('flush');
}

export function getSyncClient(): SyncClient | null {
  return runtime?.client ?? null;
}

function requireRuntime(): Runtime {
  if (!runtime) throw new Error('The sync engine is not running (no member signed in)');
  return runtime;
}

function requireClient(): SyncClient {
  return requireRuntime().client;
}

/** A member write: applied on the device at once (a send's bubble even before that: echoes.ts), pushed by the leader as soon as it can. */
export async function mutate(name: MutationName, args: unknown): Promise<MutateOutcome> {
  return mutateOn(requireRuntime(), name, args);
}

async function mutateOn(target: Runtime, name: MutationName, args: unknown): Promise<MutateOutcome> {
  const dbName = target.client.db.name;
  const send = name === 'sendMessage' ? (args as MutationArgs<'sendMessage'> | null) : null;
  const messageId = typeof send?.messageId === 'string' ? send.messageId : undefined;
  if (messageId) holdSend(dbName, { tabId: target.tabId, at: Date.now(), args: send! });
  let outcome: MutateOutcome | undefined;
  try {
    outcome = await target.client.mutate(name, args);
  } finally {
    if (messageId) {
      endEcho(messageId, outcome?.ok === true && outcome.mutationId !== undefined);
      releaseSend(dbName, messageId);
    }
  }
  if (outcome.ok && outcome.mutationId !== undefined && runtime === target) requestFlush();
  return outcome;
}

export async function retryMessage(mutationId: number): Promise<MutateOutcome> {
  const outcome = await requireClient().retry(mutationId);
  if (outcome.ok) requestFlush();
  return outcome;
}

export function discardMessage(mutationId: number): Promise<void> {
  return requireClient().discard(mutationId);
}
