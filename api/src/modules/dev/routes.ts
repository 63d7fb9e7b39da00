import { Hono } from 'hono';
import type { AppEnv } from '../../context.js';
import { ApiError } from '../../lib/errors.js';

/**
 * Development helpers, answered outside production only. GET /api/dev/mailbox lists the mails the dev
 * mailbox kept (newest first, links extracted), so a tester can click a verification link.
 */
export const devRoutes = new Hono<AppEnv>().get('/dev/mailbox', async (c) => {
  const { config, providers } = c.get('deps');
  if (config.isProduction || !providers.mail.list) throw new ApiError(404, 'not-found', `Page not found: ${c.req.path}`);
  const mails = await providers.mail.list();
  return c.json({ data: mails, total: mails.length, page: 1, limit: Math.max(1, mails.length) });
});
