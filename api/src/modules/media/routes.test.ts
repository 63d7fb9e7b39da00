import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { generatedVariantKey } from './generated-image.js';
import type { PortraitSpec } from './portrait-svg.js';

let ctx: TestContext;
const spec: PortraitSpec = { gender: 'man', ethnicity: 'black', hairColor: 'black', eyeColor: 'brown', bodyType: 'fit', age: 41, scene: 'beach', seed: 42 };

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.deps.db.insert(images).values({
    type: 'avatar',
    processed: true,
    moderation: 'approved',
    storageKey: generatedVariantKey(spec, 'large'),
    mime: 'image/jpeg',
    width: 960,
    height: 1200,
    bytes: 0,
  });
});
afterAll(() => ctx.close());

const mediaFile = (key: string) => path.join(ctx.config.dataDir, 'media', ...key.split('/'));

describe('GET /api/media/:key', () => {
  it('draws a generated portrait on first request, stores it and serves it as an immutable JPEG', async () => {
    const key = generatedVariantKey(spec, 'small');
    expect(fs.existsSync(mediaFile(key))).toBe(false);
    const res = await ctx.app.request(`/api/media/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(body.length));
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 200, 250]);
    expect(fs.existsSync(mediaFile(key))).toBe(true);

    // The second answer is the stored file, byte for byte.
    const again = await ctx.app.request(`/api/media/${key}`);
    expect(Buffer.from(await again.arrayBuffer()).equals(body)).toBe(true);
  });

  it('stores the WebP twin with the JPEG, from one drawing, and serves it as image/webp', async () => {
    const jpeg = generatedVariantKey(spec, 'small');
    const webp = generatedVariantKey(spec, 'small', 'webp');
    expect(fs.existsSync(mediaFile(webp))).toBe(true);
    const res = await ctx.app.request(`/api/media/${webp}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const body = Buffer.from(await res.arrayBuffer());
    expect((await sharp(body).metadata()).format).toBe('webp');
    expect(body.length).toBeLessThan(fs.statSync(mediaFile(jpeg)).size);
  });

  it('draws one picture once when it is asked for twice at the same moment', async () => {
    const key = generatedVariantKey(spec, 'medium');
    const [a, b] = await Promise.all([ctx.app.request(`/api/media/${key}`), ctx.app.request(`/api/media/${key}`)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(Buffer.from(await a.arrayBuffer()).equals(Buffer.from(await b.arrayBuffer()))).toBe(true);
  });

  it('serves any stored file with the content type of its key', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } }).png().toBuffer();
    await ctx.deps.providers.storage.put('uploads/test/one.png', png, 'image/png');
    const res = await ctx.app.request('/api/media/uploads/test/one.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });

  it('answers 404 with the error shape for unknown keys and never draws portraits no image row names', async () => {
    const unknown = generatedVariantKey({ ...spec, seed: 43 }, 'small');
    for (const key of ['uploads/none.jpg', unknown]) {
      const res = await ctx.app.request(`/api/media/${key}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not-found', message: 'Media not found' } });
    }
    expect(fs.existsSync(mediaFile(unknown))).toBe(false);
  });

  it.each(['..%2Fdecoy.jpg', '..%2F..%2Fdecoy.jpg', 'gen%2F..%2F..%2Fdecoy.jpg', 'x/..%2F..%2Fdecoy.jpg', '%2e%2e/decoy.jpg', '.%2E/decoy.jpg', 'a%00.jpg', '.hidden.jpg'])(
    'never serves files outside the media folder: %s',
    async (key) => {
      // A file one level above the media root, where a traversal would land.
      fs.writeFileSync(path.join(ctx.config.dataDir, 'decoy.jpg'), 'TOP SECRET');
      const res = await ctx.app.request(`/api/media/${key}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('TOP SECRET');
    },
  );
});
