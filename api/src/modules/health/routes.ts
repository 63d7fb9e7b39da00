import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.js';

export const healthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  try {
    await c.get('deps').db.execute(sql`select 1`);
    return c.json({ status: 'ok' as const });
  } catch {
    return c.json({ status: 'unavailable' as const }, 503);
  }
});
