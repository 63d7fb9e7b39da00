/**
 * The small key-value interface mutators are written against. The web app adapts it over Dexie; tests and
 * the in-memory server model use MemoryStore. Values are plain JSON.
 */
export interface ReadTx {
  get<T = unknown>(key: string): Promise<T | undefined>;
  /** Entries whose key starts with prefix, in key order. */
  scan<T = unknown>(prefix: string): Promise<Array<[string, T]>>;
}

export interface WriteTx extends ReadTx {
  put(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

export class MemoryStore implements WriteTx {
  protected readonly map = new Map<string, unknown>();

  constructor(entries?: Iterable<[string, unknown]>) {
    if (entries) for (const [k, v] of entries) this.map.set(k, copy(v));
  }

  async get<T>(key: string): Promise<T | undefined> {
    return copy(this.map.get(key) as T | undefined);
  }

  async scan<T>(prefix: string): Promise<Array<[string, T]>> {
    return [...this.map.keys()]
      .filter((k) => k.startsWith(prefix))
      .sort()
      .map((k) => [k, copy(this.map.get(k) as T)]);
  }

  async put(key: string, value: unknown): Promise<void> {
    this.map.set(key, copy(value));
  }

  async del(key: string): Promise<void> {
    this.map.delete(key);
  }

  clone(): MemoryStore {
    return new MemoryStore(this.map);
  }

  /** Every entry, sorted by key: handy to compare two stores. */
  snapshot(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const k of [...this.map.keys()].sort()) out[k] = copy(this.map.get(k));
    return out;
  }

  /** Runs fn on a buffer and applies its writes only if it succeeds: a failed mutator leaves no trace. */
  async transact<R>(fn: (tx: WriteTx) => Promise<R>): Promise<R> {
    const buffer = new BufferedTx(this);
    const result = await fn(buffer);
    await buffer.commitTo(this);
    return result;
  }
}

const DELETED = Symbol('deleted');

/** Writes held back over a base store until committed. */
export class BufferedTx implements WriteTx {
  readonly writes = new Map<string, unknown>();

  constructor(private readonly base: ReadTx) {}

  async get<T>(key: string): Promise<T | undefined> {
    if (this.writes.has(key)) {
      const v = this.writes.get(key);
      return v === DELETED ? undefined : copy(v as T);
    }
    return this.base.get<T>(key);
  }

  async scan<T>(prefix: string): Promise<Array<[string, T]>> {
    const merged = new Map<string, T>(await this.base.scan<T>(prefix));
    for (const [k, v] of this.writes) {
      if (!k.startsWith(prefix)) continue;
      if (v === DELETED) merged.delete(k);
      else merged.set(k, copy(v as T));
    }
    return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  async put(key: string, value: unknown): Promise<void> {
    this.writes.set(key, copy(value));
  }

  async del(key: string): Promise<void> {
    this.writes.set(key, DELETED);
  }

  /** The written keys with their new values (undefined: deleted), in write order. */
  changes(): Array<[string, unknown]> {
    return [...this.writes].map(([key, value]) => [key, value === DELETED ? undefined : copy(value)]);
  }

  /** Applies the held writes to target (usually the base this buffer reads through). */
  async commitTo(target: WriteTx): Promise<void> {
    for (const [key, value] of this.writes) {
      if (value === DELETED) await target.del(key);
      else await target.put(key, value);
    }
  }
}
