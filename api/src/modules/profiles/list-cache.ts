import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.js';

/**
 * The channel the list triggers notify on (api/src/db/functions/profile_list_changed.sql and
 * profile_list_viewer_changed.sql): `brand:<id>` when a brand's listed profiles or their photos changed,
 * `user:<id>` when a member's premium, gender sought, brand, favourites or blocks changed.
 */
export const PROFILE_LISTS_CHANNEL = 'profile_lists';

/** Pages of a busy brand's every sort, filter set and depth people browse; a page of 36 cards is about 25 KB. */
const MAX_PAGES = 4_000;
const MAX_PAGE_BYTES = 64 * 1024 * 1024;
/** Members browsing on a busy process. */
const MAX_VIEWERS = 50_000;

interface Load<T> {
  promise: Promise<T>;
  scope: string;
  /** Set when a change of its scope was announced while it read: its answer may predate the change. */
  stale: boolean;
}

/**
 * What the member profile list keeps in one API process (docs/decisions/0042-shared-profile-list-pages.md): pages
 * shared by every member who asks the same question of the same brand, and each member's overlay (premium,
 * favourites, blocks). Every change either depends on is announced on PROFILE_LISTS_CHANNEL and drops it in every
 * process, including reads in flight; a reconnect of the listening connection empties both; the lifetime bounds
 * the rest (activity order and the count). Concurrent misses of one key share one read. With a lifetime of 0
 * nothing is kept and every request reads.
 */
export class ProfileListCache<Page extends { bytes: number }, Viewer extends object> {
  private readonly pages: LRUCache<string, Page> | undefined;
  private readonly viewers: LRUCache<string, Viewer> | undefined;
  private readonly loads = new Map<string, Load<unknown>>();
  private unlisten?: () => Promise<void>;

  private readonly ttlMs: number;

  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
    if (ttlMs <= 0) return;
    // A value past its lifetime is still answered while one read replaces it (see through).
    const stale = { allowStale: true, noDeleteOnStaleGet: true } as const;
    this.pages = new LRUCache<string, Page>({ max: MAX_PAGES, maxSize: MAX_PAGE_BYTES, sizeCalculation: (page) => Math.max(1, page.bytes), ttl: ttlMs, ...stale });
    this.viewers = new LRUCache<string, Viewer>({ max: MAX_VIEWERS, ttl: ttlMs, ...stale });
  }

  async start(database: Pick<Database, 'listen'>) {
    if (!this.pages) return;
    // Changes announced while the process could not listen were missed: forget everything.
    this.unlisten = await database.listen(
      PROFILE_LISTS_CHANNEL,
      (payload) => this.changed(payload),
      () => this.clear(),
    );
  }

  async stop() {
    await this.unlisten?.();
    this.clear();
  }

  /** A page of `brandId`'s list under `key` (which names the brand), from memory or from `read`. */
  page(brandId: string, key: string, read: () => Promise<Page>): Promise<Page> {
    return this.through(this.pages, `brand:${brandId}`, `page:${key}`, key, read);
  }

  /** A member's overlay, from memory or from `read`. */
  viewer(userId: string, read: () => Promise<Viewer>): Promise<Viewer> {
    return this.through(this.viewers, `user:${userId}`, `user:${userId}`, userId, read);
  }

  /** Drops a member's overlay at once: the process that changed it answers its member after this (read your writes). */
  dropViewer(userId: string) {
    this.changed(`user:${userId}`);
  }

  /** A notification: `brand:<id>` or `user:<id>`. */
  changed(payload: string) {
    if (payload.startsWith('user:')) this.viewers?.delete(payload.slice('user:'.length));
    else if (payload.startsWith('brand:')) {
      // Keys start with the brand's id (service.ts listPageKey), so its pages are found without an index of their own.
      const prefix = `${payload.slice('brand:'.length)}|`;
      // Collected first: deleting while the cache's own iterator runs could skip entries. keys() includes pages
      // past their lifetime, which would otherwise still be answered while replaced.
      const keys = [...(this.pages?.keys() ?? [])].filter((key) => key.startsWith(prefix));
      for (const key of keys) this.pages!.delete(key);
    } else return;
    for (const [name, load] of this.loads) {
      if (load.scope !== payload) continue;
      load.stale = true;
      this.loads.delete(name);
    }
  }

  private clear() {
    this.pages?.clear();
    this.viewers?.clear();
    for (const load of this.loads.values()) load.stale = true;
    this.loads.clear();
  }

  /**
   * A value past its lifetime is answered while one read replaces it, so that values kept at the same moment and
   * expiring together do not hold every request behind their reads: what the lifetime bounds (activity order, the
   * count) is then at most one read older. A value a change dropped is never answered again. Lifetimes are spread
   * over their last quarter so that the replacing reads spread too.
   */
  private through<T extends object>(store: LRUCache<string, T> | undefined, scope: string, name: string, key: string, read: () => Promise<T>): Promise<T> {
    if (!store) return read();
    const status: LRUCache.Status<string, T> = {};
    const kept = store.get(key, { status });
    if (kept && status.get === 'hit') return Promise.resolve(kept);
    const pending = this.loads.get(name) as Load<T> | undefined;
    if (pending) return kept ? Promise.resolve(kept) : pending.promise;
    const load: Load<T> = { promise: read(), scope, stale: false };
    this.loads.set(name, load);
    // The read answers its callers either way; only a read no change overtook is kept.
    void load.promise.then(
      (value) => {
        if (load.stale) return;
        this.loads.delete(name);
        store.set(key, value, { ttl: Math.round(this.ttlMs * (0.75 + Math.random() / 4)) });
      },
      () => {
        if (this.loads.get(name) !== load) return;
        this.loads.delete(name);
        store.delete(key);
      },
    );
    return kept ? Promise.resolve(kept) : load.promise;
  }
}
