import Dexie, { type EntityTable } from 'dexie';

/**
 * The local mirror (ARCHITECTURE: sync engine): profiles (features/profiles), the confirmed server
 * state (kv), the outbox, the rebased view of conversations and messages, drafts and meta.
 */
export const LOCAL_DB_NAME = 'amora';

export interface ProfileRow {
  _id: string;
  updateDate?: string;
  [field: string]: unknown;
}
/**
 * The member's conversations as shown: the confirmed server state with the pending outbox replayed on top
 * (web/src/sync/materialize.ts writes these; screens only read them).
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
  /** SPEC §4: inbox | conversations | archive. */
  type: 'inbox' | 'conversations' | 'archive';
  /** Newest activity, for sorting newest first. */
  sortDate: string;
  lastMessage: { message: string; messageType: string; senderType: string; date: string; status: MessageStatus } | null;
  /** Who wrote first and last (flirts and sent lists). */
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
  /** SPEC §3: a draft belongs to a profile. */
  profileId: string;
  message: string;
  updatedAt?: number;
}
export interface OutboxRow {
  /** ARCHITECTURE: mutation ids count up per client. */
  mutationId: number;
  clientId: string;
  name: string;
  args: unknown;
  createdAt: number;
  /** pending: waiting for the server; failed: the server refused it (kept for Retry / Discard). */
  status: 'pending' | 'failed';
  /** The server answered ok; the row goes once a pull confirms lastMutationId >= mutationId. */
  acked?: boolean;
  /** Answered `pruned` (applied long ago, its answer gone): not pushed again; the pull shows whether it landed. */
  pruned?: boolean;
  /** The tab that queued it, so a refusal is told in that tab (sync-runtime.ts). */
  tabId?: string;
  error?: { code: string; message: string };
  attempts?: number;
}
/** The confirmed server state under the sync engine's keys (sync/src/engine/keys.ts). */
export interface KvRow {
  key: string;
  value: unknown;
}
export interface MetaRow {
  /** e.g. 'cursor', 'clientId', 'lastMutationId'. */
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

  constructor(name = LOCAL_DB_NAME) {
    super(name);
    this.version(1).stores({
      profiles: '_id, updateDate',
      conversations: '_id, type, updateDate, profileId',
      messages: '_id, conversationId, [conversationId+dateSent], isPending',
      drafts: 'profileId',
      outbox: 'mutationId, clientId, createdAt',
      meta: 'key',
    });
    // Issue C: the confirmed server state lives in kv; conversations/messages hold the rebased view.
    this.version(2)
      .stores({
        conversations: '_id, type, sortDate, profileId',
        messages: '_id, conversationId, [conversationId+date], status',
        outbox: 'mutationId, status, createdAt',
        kv: 'key',
      })
      .upgrade(async (tx) => {
        // v1 never held synced rows; start the view clean so it is rebuilt from kv.
        await tx.table('conversations').clear();
        await tx.table('messages').clear();
        await tx.table('outbox').clear();
      });
  }
}

/** SPEC §7: the EMJ database, version 3, store 'emojis' with an auto-increment id; id 0 holds recents. */
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

export function getLocalDb(): LocalDatabase {
  local ??= new LocalDatabase();
  return local;
}

export function getEmojiDb(): EmojiDatabase {
  emoji ??= new EmojiDatabase();
  return emoji;
}

/** Logout clears the member's local data (SPEC §4). The next getLocalDb() opens a fresh one. */
export async function deleteLocalDatabases(): Promise<void> {
  const db = local ?? new LocalDatabase();
  local = null;
  db.close();
  await db.delete().catch(() => undefined);
}
