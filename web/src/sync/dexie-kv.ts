import type { EntityTable } from 'dexie';
import type { WriteTx } from '@sync/engine/store';
import type { KvRow } from '@web/local/db';

/** The engine's key-value interface over the Dexie `kv` table, so applyPatch runs unchanged on the device. */
export class DexieKv implements WriteTx {
  constructor(private readonly table: EntityTable<KvRow, 'key'>) {}

  async get<T>(key: string): Promise<T | undefined> {
    return (await this.table.get(key))?.value as T | undefined;
  }

  async scan<T>(prefix: string): Promise<Array<[string, T]>> {
    const rows = await this.table.where('key').startsWith(prefix).toArray();
    return rows.map((row) => [row.key, row.value as T]);
  }

  async put(key: string, value: unknown): Promise<void> {
    await this.table.put({ key, value });
  }

  async del(key: string): Promise<void> {
    await this.table.delete(key);
  }
}
