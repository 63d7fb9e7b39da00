import Dexie, { type EntityTable } from 'dexie';
import { currentAccount } from '@web/lib/current-account';

/**
 * The local mirror (docs/architecture.md#the-sync-engine), one database per account (docs/decisions/0019): profiles
 * (features/profiles), the confirmed server state (kv), the outbox, the view of conversations and messages
 * (confirmed + pending), drafts and meta (client id, cursor, next mutation id). Two accounts on one browser
 * never share a row, and only an explicit logout deletes an account's database.
 */
const DB_PREFIX = 'amora-';
/** Before databases were per account: one database for whoever signed in (deleted, see openAccountDb). */
const LEGACY_DB_NAME = 'amora';
/** Profiles a visitor browses before signing in: no member data. */
const GUEST = 'guest';

export const accountDbName = (userId: string) => `${DB_PREFIX}${userId}`;

export interface ProfileRow {
  _id: string;
  updateDate?: string;
  [field: string]: unknown;
}
/**
 * The member's conversations as shown: the confirmed server state with the pending outbox replayed on top
 * (web/src/sync/view.ts writes these; screens only read them).
 */
export interface ConversationRow {
  _id: string;
  profileId: string;
  profile: { _id: string; username: string; avatar: string | null };
  archived: boolean;
  hasUserMessage: boolean;
  createDate: string;
  updateDate: string;
  lastMessageDate: string | null;
  unread: number;
  /** docs/product.md#messaging: inbox | conversations | archive. */
  type: 'inbox' | 'conversations' | 'archive';
  /** Newest activity, for sorting newest first. */
  sortDate: string;
  lastMessage: { message: string; messageType: string; senderType: string; date: string; status: MessageStatus } | null;
  /** Who wrote first and last (flirts and sent lists), of the messages the device holds. */
  firstSender: string | null;
  lastSender: string | null;
  [field: string]: unknown;
}
export type MessageStatus = 'pending' | 'sent' | 'failed';
export interface MessageRow {
  _id: string;
  conversationId: string;
  messageType: 'text' | 'attachment';
  message: string;
  attachment: string | null;
  senderType: string;
  dateSent: string;
  date: string;
  day: number;
  isRead: boolean;
  isPending: boolean;
  status: MessageStatus;
  /** The outbox row behind a pending or failed message (Retry / Discard). */
  mutationId?: number;
  error?: { code: string; message: string };
  [field: string]: unknown;
}
export interface DraftRow {
  /** docs/product.md#data: a draft belongs to a profile. */
  profileId: string;
  message: string;
  updatedAt?: number;
}
export interface OutboxRow {
  /** docs/architecture.md#the-sync-engine: mutation ids count up per client. */
  mutationId: number;
  clientId: string;
  name: string;
  args: unknown;
  createdAt: number;
  /** The profile whose conversation the mutation touches: a server answer replays only that conversation's. */
  profileId: string;
  /** pending: waiting for the server; failed: the server refused it (kept for Retry / Discard). */
  status: 'pending' | 'failed';
  /** The server answered ok; the row goes once a pull confirms lastMutationId >= mutationId. */
  acked?: boolean;
  /** Answered `pruned` (applied long ago, its answer gone): not pushed again; the pull shows whether it landed. */
  pruned?: boolean;
  /** The tab that queued it, so a refusal is told in that tab (sync-runtime.ts). */
  tabId?: string;
  error?: { code: string; message: string };
}
/** The confirmed server state under the sync engine's keys (sync/src/engine/keys.ts). */
export interface KvRow {
  key: string;
  value: unknown;
}
export interface MetaRow {
  /** e.g. 'sync:cursor', 'sync:clientId', 'sync:nextMutationId'. */
  key: string;
  value: unknown;
}

export class LocalDatabase extends Dexie {
  profiles!: EntityTable<ProfileRow, '_id'>;
  conversations!: EntityTable<ConversationRow, '_id'>;
  messages!: EntityTable<MessageRow, '_id'>;
  drafts!: EntityTable<DraftRow, 'profileId'>;
  outbox!: EntityTable<OutboxRow, 'mutationId'>;
  meta!: EntityTable<MetaRow, 'key'>;
  kv!: EntityTable<KvRow, 'key'>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({
      profiles: '_id, updateDate',
      conversations: '_id, type, sortDate, profileId',
      // [conversationId+status]: a conversation's pending and failed messages, found without a scan.
      messages: '_id, [conversationId+date], [conversationId+status], status',
      drafts: 'profileId',
      outbox: 'mutationId, status, profileId',
      meta: 'key',
      // value.profileId: a conversation by its profile (only conversation records carry one).
      kv: 'key, value.profileId',
    });
  }
}

/** docs/api.md#endpoints: the EMJ database, version 3, store 'emojis' with an auto-increment id; id 0 holds recents. */
export const EMJ_DB_NAME = 'EMJ';
export const EMJ_DB_VERSION = 3;

export interface EmojiRecord {
  id?: number;
  /** Serialized list of recent emoji (code and names). */
  recent?: string;
  [field: string]: unknown;
}

export class EmojiDatabase extends Dexie {
  emojis!: EntityTable<EmojiRecord, 'id'>;

  constructor() {
    super(EMJ_DB_NAME);
    // Dexie multiplies the declared version by 10 internally; the native version must read 3.
    this.version(EMJ_DB_VERSION / 10).stores({ emojis: '++id' });
  }
}

let local: LocalDatabase | null = null;
let emoji: EmojiDatabase | null = null;

/**
 * Opens the signed-in member's database (or the guest one for null); the database of an account that signed
 * out without logging out (a lapsed session) stays closed and untouched until that member signs in again.
 */
export function openAccountDb(userId: string | null): LocalDatabase {
  const name = accountDbName(userId ?? GUEST);
  if (local?.name === name) return local;
  local?.close();
  local = new LocalDatabase(name);
  void Dexie.exists(LEGACY_DB_NAME)
    .then((exists) => (exists ? Dexie.delete(LEGACY_DB_NAME) : undefined))
    .catch(() => undefined);
  return local;
}

/** The signed-in member's database (the guest one when nobody is signed in). */
export function getLocalDb(): LocalDatabase {
  return openAccountDb(currentAccount());
}

export function getEmojiDb(): EmojiDatabase {
  emoji ??= new EmojiDatabase();
  return emoji;
}

/** Logout deletes the member's local data (docs/product.md#authentication): that account's database, and the guest cache. */
export async function deleteAccountDb(userId: string | null): Promise<void> {
  const names = [accountDbName(GUEST), ...(userId ? [accountDbName(userId)] : [])];
  if (local && names.includes(local.name)) {
    local.close();
    local = null;
  }
  await Promise.all(names.map((name) => Dexie.delete(name).catch(() => undefined)));
}
