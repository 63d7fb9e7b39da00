import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { image as imageSchema } from '@sync/contract/entities';
import { images, users } from '../../db/schema/index.js';
import { createMember, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { sniffFormat } from './image-processing.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 120 } } });
const jpeg = (width = 800, height = 600) => solid(width, height).jpeg().toBuffer();
const png = (width = 800, height = 600) => solid(width, height).png().toBuffer();

/** A real PNG signature and IHDR that declare a 20,000 × 20,000 canvas, with one tiny IDAT: a decompression bomb's header. */
function bombPng(side = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function upload(who: MemberFixture | null, type: string | null, files: { data: Buffer; name?: string; mime?: string }[]) {
  const form = new FormData();
  if (type !== null) form.set('type', type);
  for (const [i, f] of files.entries()) form.append('files', new File([new Uint8Array(f.data)], f.name ?? `photo-${i}.jpg`, { type: f.mime ?? 'image/jpeg' }));
  return ctx.app.request('/api/user/upload', { method: 'POST', body: form, headers: who ? who.headers : {} });
}

async function json(res: Response) {
  return { status: res.status, body: await res.json() };
}

const mediaDir = () => path.join(ctx.config.dataDir, 'media');
function storedFilesOf(profileId: string): string[] {
  const dir = path.join(mediaDir(), 'u', profileId);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name);
}
const rowsOf = (profileId: string) => ctx.deps.db.select().from(images).where(eq(images.profileId, profileId));

async function storedBuffer(url: string): Promise<Buffer> {
  const res = await ctx.app.request(url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('sniffFormat', () => {
  it('knows JPEG and PNG by their first bytes and nothing else', async () => {
    expect(sniffFormat(await jpeg())).toBe('jpeg');
    expect(sniffFormat(await png())).toBe('png');
    expect(sniffFormat(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffFormat(Buffer.alloc(0))).toBeNull();
  });
});

describe('POST /api/user/upload', () => {
  it('stores a photo with size variants, pending moderation, and answers the docs/api.md#profiles-and-matching shape', async () => {
    const m = await createMember(ctx);
    const res = await json(await upload(m, 'photo', [{ data: await jpeg(1280, 720) }]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.images).toHaveLength(1);
    const [img] = res.body.images;
    expect(imageSchema.parse(img)).toBeTruthy();
    expect(img).toMatchObject({ type: 'photo', processed: true, under_moderation: true });
    for (const name of ['original', 'small', 'medium', 'large']) expect(img[name]).toMatch(new RegExp(`^/api/media/u/${m.profileId}/.+/${name}\\.jpg$`));
    expect(res.body.gallery.map((i: { _id: string }) => i._id)).toEqual([img._id]);
    const [row] = await rowsOf(m.profileId);
    expect(row).toMatchObject({ moderation: 'pending', processed: true, type: 'photo', mime: 'image/jpeg', width: 1280, height: 720 });
    const medium = await sharp(await storedBuffer(img.medium)).metadata();
    expect(medium).toMatchObject({ format: 'jpeg' });
    expect(Math.min(medium.width! / 480, medium.height! / 600)).toBeGreaterThanOrEqual(1);
    expect(storedFilesOf(m.profileId).sort()).toEqual(['large.jpg', 'medium.jpg', 'original.jpg', 'small.jpg']);

    const state = await ctx.app.request(`/api/user/${m.id}`, { headers: m.headers });
    expect((await state.json()).images).toEqual([img]);
  });

  it('decides the type by content: a PNG named .jpg is accepted, a text file named .jpg is refused', async () => {
    const m = await createMember(ctx);
    const ok = await upload(m, 'photo', [{ data: await png(), name: 'really-a-png.jpg', mime: 'image/jpeg' }]);
    expect(ok.status).toBe(200);
    const refused = await json(await upload(m, 'photo', [{ data: Buffer.from('hello, I am text'), name: 'photo.jpg', mime: 'image/jpeg' }]));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid-file-type', message: 'Invalid file type, jpeg or png only', file: 0, fileName: 'photo.jpg' });
    for (const data of [await solid(800, 600).webp().toBuffer(), await solid(800, 600).gif().toBuffer(), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"/>')]) {
      const res = await json(await upload(m, 'photo', [{ data, name: 'x.png', mime: 'image/png' }]));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Invalid file type, jpeg or png only');
    }
    // A JPEG signature followed by garbage is not a JPEG either.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expect((await upload(m, 'photo', [{ data: broken }])).status).toBe(400);
    expect(await rowsOf(m.profileId)).toHaveLength(1);
  });

  it('refuses a 20,000 × 20,000 PNG header quickly with 400, without decoding it', async () => {
    const m = await createMember(ctx);
    const started = Date.now();
    const res = await json(await upload(m, 'photo', [{ data: bombPng(), name: 'bomb.png', mime: 'image/png' }]));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('image-too-large');
    expect(await rowsOf(m.profileId)).toHaveLength(0);
  });

  it('refuses images under 640 × 360 with the documented text, in either orientation', async () => {
    const m = await createMember(ctx);
    for (const [w, h] of [[639, 480], [800, 359], [100, 100]] as const) {
      const res = await json(await upload(m, 'photo', [{ data: await jpeg(w, h) }]));
      expect(res.status, `${w}x${h}`).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'image-too-small', message: 'Mininum dimension is 640px x 360px' });
    }
    expect((await upload(m, 'photo', [{ data: await jpeg(360, 640) }])).status).toBe(200);
  });

  it('refuses a file over 5 MB with the documented text, and a huge body with 413 before reading it all', async () => {
    const m = await createMember(ctx);
    const big = Buffer.concat([await jpeg(), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const res = await json(await upload(m, 'photo', [{ data: big }]));
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'file-too-large', message: 'Max file size allowed is 5 mb' });

    const huge = Buffer.alloc(30 * 1024 * 1024, 1);
    const declared = await ctx.app.request('/api/user/upload', {
      method: 'POST',
      headers: { ...m.headers, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(huge.length) },
      body: huge,
    });
    expect(declared.status).toBe(413);
    const chunked = await json(await upload(m, 'photo', Array.from({ length: 6 }, () => ({ data: Buffer.alloc(5 * 1024 * 1024, 2) }))));
    expect(chunked.status).toBe(413);
    expect(chunked.body.error.code).toBe('payload-too-large');
    expect(await rowsOf(m.profileId)).toHaveLength(0);
  });

  it('takes at most 5 files, and exactly one for an avatar or a message image', async () => {
    const m = await createMember(ctx);
    const one = { data: await jpeg() };
    const six = await json(await upload(m, 'photo', Array.from({ length: 6 }, () => one)));
    expect(six.status).toBe(400);
    expect(six.body.error.code).toBe('too-many-files');
    expect((await upload(m, 'avatar', [one, one])).status).toBe(400);
    expect((await upload(m, 'message', [one, one])).status).toBe(400);
    expect((await json(await upload(m, 'photo', []))).body.error.code).toBe('no-files');
    for (const type of [null, 'hidden', 'attachment', '']) {
      const res = await json(await upload(m, type, [one]));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid-upload-type');
    }
    const five = await json(await upload(m, 'photo', Array.from({ length: 5 }, () => one)));
    expect(five.status).toBe(200);
    expect(five.body.images).toHaveLength(5);
  });

  it('stores nothing when any file fails: rows and files both', async () => {
    const m = await createMember(ctx);
    const res = await upload(m, 'photo', [{ data: await jpeg() }, { data: await jpeg(1000, 800) }, { data: await jpeg(100, 100) }]);
    expect(res.status).toBe(400);
    expect((await res.json()).error.file).toBe(2);
    expect(await rowsOf(m.profileId)).toHaveLength(0);
    expect(storedFilesOf(m.profileId)).toEqual([]);
  });

  it('removes the stored files again when the rows cannot be written', async () => {
    const m = await createMember(ctx);
    const db = ctx.deps.db;
    const original = db.transaction.bind(db);
    db.transaction = (async () => {
      throw new Error('database went away');
    }) as typeof db.transaction;
    try {
      const res = await upload(m, 'photo', [{ data: await jpeg() }]);
      expect(res.status).toBe(500);
    } finally {
      db.transaction = original;
    }
    expect(storedFilesOf(m.profileId)).toEqual([]);
    expect(await rowsOf(m.profileId)).toHaveLength(0);
  });

  it('strips EXIF and turns the picture upright', async () => {
    const m = await createMember(ctx);
    const withExif = await solid(1200, 800)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'SecretCam', Copyright: 'Someone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } } })
      .toBuffer();
    const before = await sharp(withExif).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    const res = await json(await upload(m, 'photo', [{ data: withExif }]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const name of ['original', 'small', 'medium', 'large']) {
      const stored = await storedBuffer(res.body.images[0][name]);
      const meta = await sharp(stored).metadata();
      expect(meta.exif, name).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(stored.includes(Buffer.from('SecretCam'))).toBe(false);
    }
    const original = await sharp(await storedBuffer(res.body.images[0].original)).metadata();
    expect([original.width, original.height]).toEqual([800, 1200]); // turned a quarter
  });

  it('scales images larger than 3840 × 2160 down to fit', async () => {
    const m = await createMember(ctx);
    const res = await json(await upload(m, 'photo', [{ data: await jpeg(5000, 3000) }, { data: await png(3000, 5000) }]));
    expect(res.status).toBe(200);
    const landscape = await sharp(await storedBuffer(res.body.images[0].original)).metadata();
    expect(landscape.width).toBeLessThanOrEqual(3840);
    expect(landscape.height).toBeLessThanOrEqual(2160);
    expect(landscape.width).toBe(3600); // 5000×3000 fitted into 3840×2160 keeps 5:3
    const portrait = await sharp(await storedBuffer(res.body.images[1].original)).metadata();
    expect(Math.max(portrait.width!, portrait.height!)).toBeLessThanOrEqual(3840);
    expect(Math.min(portrait.width!, portrait.height!)).toBeLessThanOrEqual(2160);
    const rows = await rowsOf(m.profileId);
    expect(rows.every((r) => r.width <= 3840 && r.height <= 3840)).toBe(true);
  });

  it('a new avatar replaces the old one, which stays as a photo; completing the profile says so once', async () => {
    const m = await createMember(ctx, {}, { lookingForTags: ['a'], aboutMe: 'hi', heightCm: 170, hairColor: 'red', eyeColor: 'blue', relationshipStatus: 'single', bodyType: 'fit' });
    const first = await json(await upload(m, 'avatar', [{ data: await jpeg() }]));
    expect(first.body.profileCompleted).toBe(true);
    const second = await json(await upload(m, 'avatar', [{ data: await jpeg() }]));
    expect(second.body.profileCompleted).toBe(false);
    expect(second.body.gallery.map((i: { _id: string; type: string }) => [i._id, i.type])).toEqual([
      [second.body.images[0]._id, 'avatar'],
      [first.body.images[0]._id, 'photo'],
    ]);
    const [u] = await ctx.deps.db.select().from(users).where(eq(users.id, m.id));
    expect(u!.promotions.complete_profile).toBe(true);
  });

  it('message images are not part of the gallery', async () => {
    const m = await createMember(ctx);
    const res = await json(await upload(m, 'message', [{ data: await jpeg() }]));
    expect(res.status).toBe(200);
    expect(res.body.images[0]).toMatchObject({ type: 'message', under_moderation: true });
    expect(res.body.gallery).toEqual([]);
  });

  it('needs a member token, and never answers 500 for odd bodies', async () => {
    expect((await upload(null, 'photo', [{ data: await jpeg() }])).status).toBe(401);
    const m = await createMember(ctx);
    const odd: RequestInit[] = [
      jsonRequest('POST', { type: 'photo', files: ['x'] }, m.headers),
      { method: 'POST', headers: { ...m.headers, 'content-type': 'multipart/form-data; boundary=zzz' }, body: 'not really multipart' },
      { method: 'POST', headers: { ...m.headers, 'content-type': 'multipart/form-data' }, body: '--x\r\n' },
    ];
    for (const init of odd) {
      const res = await ctx.app.request('/api/user/upload', init);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const form = new FormData();
    form.set('type', 'photo');
    form.append('files', 'just a string');
    expect((await ctx.app.request('/api/user/upload', { method: 'POST', body: form, headers: m.headers })).status).toBe(400);
  });
});
