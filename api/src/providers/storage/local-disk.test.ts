import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk.js';
import { contentTypeOfKey, InvalidStorageKeyError, type Storage } from './storage.js';

let dir: string;
let storage: Storage;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
  storage = createLocalDiskStorage(path.join(dir, 'media'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe('local disk storage', () => {
  it('stores, reads back with the content type of the key, and deletes', async () => {
    await storage.put('u/abc/photo-1.png', Buffer.from('png bytes'), 'image/png');
    expect(fs.existsSync(path.join(dir, 'media', 'u', 'abc', 'photo-1.png'))).toBe(true);
    const got = await storage.get('u/abc/photo-1.png');
    expect(got).not.toBeNull();
    expect(got!.contentType).toBe('image/png');
    expect(got!.size).toBe(9);
    expect((await readAll(got!.body)).toString()).toBe('png bytes');
    await storage.delete('u/abc/photo-1.png');
    expect(await storage.get('u/abc/photo-1.png')).toBeNull();
  });

  it('answers null for missing keys and deletes missing keys quietly', async () => {
    expect(await storage.get('nothing/here.jpg')).toBeNull();
    await expect(storage.delete('nothing/here.jpg')).resolves.toBeUndefined();
  });

  it('overwrites a key atomically and leaves no temporary files', async () => {
    await storage.put('x/a.jpg', Buffer.from('one'), 'image/jpeg');
    await Promise.all([storage.put('x/a.jpg', Buffer.from('two'), 'image/jpeg'), storage.put('x/a.jpg', Buffer.from('two'), 'image/jpeg')]);
    expect((await readAll((await storage.get('x/a.jpg'))!.body)).toString()).toBe('two');
    expect(fs.readdirSync(path.join(dir, 'media', 'x'))).toEqual(['a.jpg']);
  });

  it.each([
    '../outside.jpg',
    'a/../../outside.jpg',
    'a/../b.jpg',
    './a.jpg',
    '/etc/passwd.jpg',
    '.hidden.jpg',
    'a//b.jpg',
    'a\\..\\b.jpg',
    'a/b.exe',
    'noextension',
    'UPPER.jpg',
    'a/b.jpg\u0000.png',
    '',
    `${'a'.repeat(300)}.jpg`,
  ])('rejects the unsafe key %j', async (key) => {
    expect(contentTypeOfKey(key)).toBeNull();
    await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(fs.existsSync(path.join(dir, 'outside.jpg'))).toBe(false);
  });

  it('refuses a content type that disagrees with the key', async () => {
    await expect(storage.put('y/a.jpg', Buffer.from('x'), 'image/png')).rejects.toThrow(/does not match/);
  });

  it('answers null for a folder named like a file', async () => {
    await storage.put('dir.jpg/inner.jpg', Buffer.from('x'), 'image/jpeg');
    expect(await storage.get('dir.jpg')).toBeNull();
  });
});
