import Dexie, { type EntityTable } from 'dexie';

/**
 * The local mirror (ARCHITECTURE: sync engine). Only declarations for now: the profiles,
 * messaging and sync issues fill the rows. Row types stay loose until sync/contract has them.
 */
export const LOCAL_DB_NAME = 'amora';

export interface ProfileRow {
  _id: string;
  updateDate?: string;
  [field: string]: unknown;
}
export interface ConversationRow {
  _id: string;
  /** SPEC §4: inbox | conversations | archive. */
  type?: 'inbox' | 'conversations' | 'archive';
  updateDate?: string;
  profileId?: string;
  [field: string]: unknown;
}
export interface MessageRow {
  _id: string;
  conversationId: string;
  dateSent?: number;
  isPending?: boolean;
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
  attempts?: number;
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
