import type { Database } from '../../db/client.js';

/** The channel the auth triggers notify on (api/src/db/functions/auth_session_changed.sql): a session id, `user:<id>` or `agent:<id>`. */
export const SESSION_CHANGES_CHANNEL = 'auth_sessions';
/** Enough for every device signed in on a busy process; past it the oldest entries go first. */
const MAX_ENTRIES = 50_000;

export interface CachedSession {
  id: string;
  subjectType: 'user' | 'agent';
  userId: string | null;
  agentId: string | null;
  lastSeenDate: Date;
  expiryDate: Date;
  revokedDate: Date | null;
  blocked: boolean | null;
  role: 'agent' | 'admin' | null;
}

/**
 * Session rows an API process read, reused for a few seconds so an authenticated request costs no database
 * round trip of its own (docs/decisions/0016-session-cache.md). Every change that ends or narrows a session
 * (revoke, refresh, a member blocked, an agent's role, a delete) is announced by a trigger on
 * SESSION_CHANGES_CHANNEL and drops the entry in every process; the process that made the change drops it
 * before answering; a reconnect of the listening connection empties the cache. The lifetime bounds the rest. Time is the process's
 * monotonic clock, never the app clock: tests move the app clock by days, and expiry is judged against it.
 */
export class SessionCache {
  private readonly entries = new Map<string, { row: CachedSession; until: number }>();
  private unlisten?: () => Promise<void>;

  constructor(private readonly ttlMs: number) {}

  async start(database: Pick<Database, 'listen'>) {
    if (this.ttlMs <= 0) return;
    // Changes announced while the process could not listen were missed: forget everything.
    this.unlisten = await database.listen(
      SESSION_CHANGES_CHANNEL,
      (payload) => this.changed(payload),
      () => this.entries.clear(),
    );
  }

  async stop() {
    await this.unlisten?.();
    this.entries.clear();
  }

  get(sid: string): CachedSession | undefined {
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    if (entry.until > performance.now()) return entry.row;
    this.entries.delete(sid);
    return undefined;
  }

  set(row: CachedSession) {
    if (this.ttlMs <= 0) return;
    this.entries.delete(row.id);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(row.id, { row, until: performance.now() + this.ttlMs });
  }

  drop(sids: Iterable<string>) {
    for (const sid of sids) this.entries.delete(sid);
  }

  /** A notification: one session, or every session of a member or an agent. */
  changed(payload: string) {
    const [kind, id] = payload.split(':');
    if (id === undefined) {
      this.entries.delete(payload);
      return;
    }
    for (const [sid, { row }] of this.entries) {
      if ((kind === 'user' && row.userId === id) || (kind === 'agent' && row.agentId === id)) this.entries.delete(sid);
    }
  }
}
