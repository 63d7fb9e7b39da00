import { Hono } from 'hono';
import { reportBody, reportsQuery, resolveReportBody } from '@sync/contract/safety';
import type { AppEnv } from '../../context.js';
import { idParam, idParams } from '../../lib/params.js';
import { requireAuth } from '../auth/middleware.js';
import { validate } from '../../lib/validate.js';
import { loadViewer } from '../profiles/viewer.js';
import { blockProfile, listBlocks, unblockProfile } from './blocks.js';
import { createReport, listReports, resolveReport } from './reports.js';

const member = requireAuth('user');
const admin = requireAuth('admin');

/**
 * Safety (docs/decisions/0034-block-report-and-account-deletion.md):
 *   POST   /api/profile/{id}/block      member -> { profileId, blocked: true }; 404 unknown or another brand's profile
 *   DELETE /api/profile/{id}/block      member -> { profileId, blocked: false }; 404 when the member had not blocked it
 *   GET    /api/blocks                  member -> { data: [{ profileId, username, avatar, blockDate }] }, their own only
 *   POST   /api/profile/{id}/report     member { reason, details?, block? } -> 201 { _id, status, blocked }; 429 past
 *                                       REPORTS_PER_DAY; a repeat while one is open answers that one
 *   GET    /api/moderation/reports?status=open|resolved&page&limit   admin -> { data: ReportItem[], total, page, limit }
 *   POST   /api/moderation/reports/{id}/resolve { outcome, note? }   admin -> ReportItem; 409 already resolved
 * Members never read reports; nobody reads another member's blocks.
 */
export const safetyRoutes = new Hono<AppEnv>()
  .post('/profile/:id/block', member, async (c) => {
    const viewer = await loadViewer(c.get('deps').db, c.get('auth').id);
    return c.json(await blockProfile(c.get('deps'), viewer, idParam(c, 'id')));
  })
  .delete('/profile/:id/block', member, async (c) => c.json(await unblockProfile(c.get('deps'), c.get('auth').id, idParam(c, 'id'))))
  .get('/blocks', member, async (c) => c.json(await listBlocks(c.get('deps').db, c.get('auth').id)))
  .post('/profile/:id/report', member, idParams('id'), validate('json', reportBody), async (c) => {
    const viewer = await loadViewer(c.get('deps').db, c.get('auth').id);
    return c.json(await createReport(c.get('deps'), viewer, idParam(c, 'id'), c.req.valid('json')), 201);
  })
  .get('/moderation/reports', admin, validate('query', reportsQuery), async (c) => {
    const { status, ...paging } = c.req.valid('query');
    return c.json(await listReports(c.get('deps'), status, paging));
  })
  .post('/moderation/reports/:id/resolve', admin, idParams('id'), validate('json', resolveReportBody), async (c) =>
    c.json(await resolveReport(c.get('deps'), c.get('auth').id, idParam(c, 'id'), c.req.valid('json'))),
  );
