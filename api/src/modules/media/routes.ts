import { Hono } from 'hono';
import type { AppEnv } from '../../context.js';
import { IMMUTABLE } from '../../lib/cache-control.js';
import { notFound } from '../../lib/errors.js';
import { loadMedia } from './service.js';

export const mediaRoutes = new Hono<AppEnv>().get('/media/:key{.+}', async (c) => {
  const media = await loadMedia(c.get('deps'), c.req.param('key'));
  if (!media) throw notFound('Media not found');
  return c.body(media.body as ReadableStream<Uint8Array>, 200, {
    'Content-Type': media.contentType,
    'Content-Length': String(media.size),
    'Cache-Control': IMMUTABLE,
  });
});
