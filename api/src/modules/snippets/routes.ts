import { Hono } from 'hono';
import { createSnippetBody, updateSnippetBody } from '@sync/contract/snippets';
import { t } from '@sync/texts';
import type { AppEnv } from '../../context.js';
import { idParam, idParams } from '../../lib/params.js';
import { requireAuth } from '../auth/middleware.js';
import { validate } from '../../lib/validate.js';
import { loadStaff } from '../agents/staff.js';
import { createSnippet, deleteSnippet, listSnippets, updateSnippet } from './service.js';

const staffOnly = requireAuth('agent');

/**
 * Canned replies for the reply composer (issue 16); staff only. An agent manages their own; admins also the
 * shared ones (`shared: true`), which every staff member sees.
 *   GET    /api/snippets                       { data: Snippet[], total }: own, then shared
 *   POST   /api/snippets { title, body, shared? }   → Snippet (201); 403 shared by a plain agent; 409 snippet-limit
 *   PATCH  /api/snippets/:id { title?, body? }      → Snippet; 403 a shared one by a plain agent; 404 not the caller's
 *   DELETE /api/snippets/:id                         → { status: "success" }; same checks
 */
export const snippetRoutes = new Hono<AppEnv>()
  .get('/snippets', staffOnly, async (c) => {
    const data = await listSnippets(c.get('deps').db, await loadStaff(c.get('deps').db, c.get('auth')));
    return c.json({ data, total: data.length });
  })
  .post('/snippets', staffOnly, validate('json', createSnippetBody), async (c) => {
    const body = c.req.valid('json');
    const now = c.get('deps').clock.now();
    const snippet = await c.get('deps').db.transaction(async (tx) => createSnippet(tx, await loadStaff(tx, c.get('auth')), body, now));
    return c.json(snippet, 201);
  })
  .patch('/snippets/:id', staffOnly, idParams('id'), validate('json', updateSnippetBody), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    const now = c.get('deps').clock.now();
    return c.json(await c.get('deps').db.transaction(async (tx) => updateSnippet(tx, await loadStaff(tx, c.get('auth')), id, body, now)));
  })
  .delete('/snippets/:id', staffOnly, async (c) => {
    const id = idParam(c, 'id');
    await c.get('deps').db.transaction(async (tx) => deleteSnippet(tx, await loadStaff(tx, c.get('auth')), id));
    return c.json({ status: 'success', message: t('agent.snippet-removed') });
  });
