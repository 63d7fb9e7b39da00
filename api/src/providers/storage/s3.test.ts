import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, describeProviders, loadConfig } from '../../config.js';
import { images } from '../../db/schema/index.js';
import { createMember } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createS3Storage } from './s3.js';
import { InvalidStorageKeyError, type Storage } from './storage.js';

/**
 * A real S3 server (s3rver: the S3 REST API over HTTP, objects in a temporary folder) on a free port, spoken to
 * by the real AWS SDK client with signed requests, as MinIO or S3 itself would be.
 */
const BUCKET = 'amora-media';
const KEY = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
let server: S3rver;
let dir: string;
let env: Record<string, string>;
let storage: Storage;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  env = { S3_BUCKET: BUCKET, S3_REGION: 'us-east-1', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_FORCE_PATH_STYLE: 'true', S3_PREFIX: 'test/media', ...KEY };
  storage = createS3Storage(loadConfig(env).objectStorage!);
});
afterAll(async () => {
  storage?.close?.();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

/** The objects the server holds, by their key in the bucket (s3rver keeps each as `<key>._S3rver_object`). */
function objectsOnServer(): string[] {
  const root = path.join(dir, BUCKET);
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => f.endsWith('._S3rver_object'))
    .map((f) => f.replace(/\._S3rver_object$/, '').split(path.sep).join('/'))
    .sort();
}

describe('S3 storage against a real S3 server', () => {
  it('stores under the prefix, reads back with the type of the key and its size, and deletes', async () => {
    const body = Buffer.from('jpeg bytes, or near enough');
    await storage.put('u/abc/photo-1/large.jpg', body, 'image/jpeg');
    expect(objectsOnServer()).toContain('test/media/u/abc/photo-1/large.jpg');
    const got = await storage.get('u/abc/photo-1/large.jpg');
    expect(got).toMatchObject({ contentType: 'image/jpeg', size: body.length });
    expect(await readAll(got!.body)).toEqual(body);
    await storage.delete('u/abc/photo-1/large.jpg');
    expect(await storage.get('u/abc/photo-1/large.jpg')).toBeNull();
    expect(objectsOnServer()).not.toContain('test/media/u/abc/photo-1/large.jpg');
  });

  it('answers null for a missing key and deletes a missing key quietly', async () => {
    expect(await storage.get('nothing/here.webp')).toBeNull();
    await expect(storage.delete('nothing/here.webp')).resolves.toBeUndefined();
  });

  it('overwrites a key and keeps binary content intact', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256));
    await storage.put('x/a.png', Buffer.from('one'), 'image/png');
    await storage.put('x/a.png', bytes, 'image/png');
    expect(await readAll((await storage.get('x/a.png'))!.body)).toEqual(bytes);
  });

  it('refuses unsafe keys and mismatched types before any request', async () => {
    for (const key of ['../outside.jpg', 'a/../b.jpg', '/etc/passwd.jpg', 'a/b.exe', 'UPPER.jpg', 'a/b.jpg\u0000.png']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    await expect(storage.put('y/a.jpg', Buffer.from('x'), 'image/png')).rejects.toThrow(/does not match/);
    expect(objectsOnServer().filter((k) => !k.startsWith('test/media/'))).toEqual([]);
  });

  it('fails loudly, not as "missing", when the bucket is wrong', async () => {
    const wrong = createS3Storage(loadConfig({ ...env, S3_BUCKET: 'no-such-bucket' }).objectStorage!);
    try {
      await expect(wrong.put('a.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
    } finally {
      wrong.close?.();
    }
  });
});

describe('the API on object storage', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(env);
  });
  afterAll(() => ctx?.close());

  it('an upload lands in the bucket (not on the disk), is served from it, and deleting the photo removes its objects', async () => {
    const m = await createMember(ctx);
    const form = new FormData();
    form.set('type', 'photo');
    const jpeg = await sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: 40, g: 120, b: 200 } } }).jpeg().toBuffer();
    form.append('files', new File([new Uint8Array(jpeg)], 'beach.jpg', { type: 'image/jpeg' }));
    const res = await ctx.app.request('/api/user/upload', { method: 'POST', body: form, headers: m.headers });
    expect(res.status).toBe(200);
    const [img] = ((await res.json()) as { images: { _id: string; original: string; medium: string }[] }).images;
    const ownKeys = () => objectsOnServer().filter((k) => k.startsWith(`test/media/u/${m.profileId}/`));
    expect(ownKeys().map((k) => k.split('/').pop()).sort()).toEqual(['large.jpg', 'medium.jpg', 'original.jpg', 'small.jpg']);
    expect(fs.existsSync(path.join(ctx.config.dataDir, 'media'))).toBe(false);

    const served = await ctx.app.request(img!.medium);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(Number(served.headers.get('content-length'))).toBe(bytes.length);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg' });
    expect((await ctx.app.request(img!.original.replace('original.jpg', 'nope.jpg'))).status).toBe(404);

    const removed = await ctx.app.request(`/api/user/${m.id}/image/${img!._id}`, { method: 'DELETE', headers: m.headers });
    expect(removed.status).toBe(200);
    expect(await ctx.deps.db.select().from(images).where(eq(images.profileId, m.profileId))).toHaveLength(0);
    expect(ownKeys()).toEqual([]);
    expect((await ctx.app.request(img!.medium)).status).toBe(404);
  });
});

describe('object storage configuration', () => {
  const full = { S3_BUCKET: 'media-bucket', S3_REGION: 'eu-west-3', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' };

  it('is off by default: media stay on the local disk', () => {
    expect(loadConfig({}).objectStorage).toBeUndefined();
    expect(describeProviders(loadConfig({}))).toContain('media: local disk');
  });

  it('reads a whole configuration, credentials optional (the SDK chain then answers)', () => {
    expect(loadConfig(full).objectStorage).toEqual({
      bucket: 'media-bucket',
      region: 'eu-west-3',
      endpoint: undefined,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
      forcePathStyle: false,
      prefix: '',
    });
    expect(loadConfig({ S3_BUCKET: 'media-bucket', S3_REGION: 'eu-west-3' }).objectStorage?.credentials).toBeUndefined();
    expect(describeProviders(loadConfig({ ...full, S3_ENDPOINT: 'https://minio.internal:9000' }))).toContain('media: s3 media-bucket at minio.internal:9000');
  });

  it.each([
    [{ S3_BUCKET: 'media-bucket' }, /S3_REGION: is required when S3_BUCKET is set/],
    [{ S3_REGION: 'eu-west-3' }, /S3_BUCKET: is required when S3_REGION is set/],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_BUCKET: is required when S3_ENDPOINT is set/],
    [{ S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' }, /S3_BUCKET: is required when S3_ACCESS_KEY_ID is set/],
    [{ S3_PREFIX: 'amora' }, /S3_BUCKET: is required when S3_PREFIX is set/],
    [{ ...full, S3_SECRET_ACCESS_KEY: undefined }, /S3_SECRET_ACCESS_KEY: is required when S3_ACCESS_KEY_ID is set/],
    [{ ...full, S3_ACCESS_KEY_ID: undefined }, /S3_ACCESS_KEY_ID: is required when S3_SECRET_ACCESS_KEY is set/],
    [{ ...full, S3_BUCKET: 'Bad_Bucket' }, /S3_BUCKET: must be an S3 bucket name/],
    [{ ...full, S3_ENDPOINT: 'ftp://minio.internal' }, /S3_ENDPOINT/],
    [{ ...full, S3_PREFIX: '/amora/' }, /S3_PREFIX: must be a folder name/],
    [{ ...full, S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE/],
  ])('refuses half or a wrong configuration: %o', (vars, message) => {
    expect(() => loadConfig(vars)).toThrow(ConfigError);
    expect(() => loadConfig(vars)).toThrow(message);
  });
});
