import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { assertStorageKey, contentTypeOfKey, InvalidStorageKeyError, type Storage } from './storage.js';

/** Files under one root folder (`${dataDir}/media`); one file per key, written atomically. */
export function createLocalDiskStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);

  function fileOf(key: string): string {
    const file = path.resolve(root, ...key.split('/'));
    // The key pattern already forbids '..'; this keeps the promise even if that pattern ever loosens.
    if (!file.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }

  return {
    async put(key, body, contentType) {
      assertStorageKey(key, contentType);
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file and two writers of one key both succeed.
      const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fsp.writeFile(tmp, body);
      await fsp.rename(tmp, file);
    },

    async get(key) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) throw new InvalidStorageKeyError(key);
      const file = fileOf(key);
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file, fs.constants.O_RDONLY);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
        throw err;
      }
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      const stream = handle.createReadStream({ autoClose: true });
      return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, contentType, size: stat.size };
    },

    async delete(key) {
      assertStorageKey(key);
      await fsp.rm(fileOf(key), { force: true });
    },
  };
}
