import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { and, eq, inArray } from 'drizzle-orm';
import { createAgentBody, createFictiveBody, fictiveListQuery, reportQuery, updateAgentBody, updateFictiveBody } from '@sync/contract/agents';
import { t } from '@sync/texts';
import type { AppEnv } from '../../context.js';
import { images } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { idParam } from '../../lib/params.js';
import { requireAuth } from '../auth/middleware.js';
import { accepts, validate } from '../../lib/validate.js';
import { fictivePhotoForm } from '@sync/contract/uploads';
import { checkedImages, readUploadForm, UPLOAD_BODY_LIMIT } from '../uploads/routes.js';
import { storeProfileAttachment } from '../uploads/service.js';
import { agentReport, createAgent, listAgents, updateAgent } from './admin.js';
import { createFictive, fictiveById, listFictive, updateFictive } from './fictive.js';
import { supervisorBoard } from './supervisor-board.js';

const admin = requireAuth('admin');

/**
 * Admin only (agents whose role is admin).
 *   GET   /api/agents                        { data: Agent[], total, page, limit }
 *   POST  /api/agent                         → Agent (201); 409 email-taken
 *   PATCH /api/agent/:id                     → Agent; status may only be set to offline (stops the shift)
 *   GET   /api/admin/report?from&to          per-agent report (YYYY-MM-DD, inclusive, UTC)
 *   GET   /api/admin/board                   the supervisor board: every agent's status, session, break, live claims
 *   GET   /api/admin/profiles?page&limit&search&brandId   fictive profiles
 *   GET   /api/admin/profile/:id             → FictiveProfile
 *   POST  /api/admin/profile                 → FictiveProfile (201)
 *   PATCH /api/admin/profile/:id             → FictiveProfile
 *   POST  /api/admin/profile/:id/photos      multipart `type` avatar | photo, 1–5 `files` → FictiveProfile
 *   DELETE /api/admin/profile/:id/photos/:imageId → FictiveProfile
 * A view or favourite on behalf of a profile: POST /api/profile/:id/view-member and /favourite-member (interests).
 */
export const agentAdminRoutes = new Hono<AppEnv>()
  .get('/agents', admin, async (c) => c.json(await listAgents(c.get('deps').db)))
  .post('/agent', admin, validate('json', createAgentBody), async (c) =>
    c.json(await createAgent(c.get('deps').db, c.req.valid('json'), c.get('deps').clock.now()), 201),
  )
  .patch('/agent/:id', admin, validate('json', updateAgentBody), async (c) => c.json(await updateAgent(c.get('deps'), c.req.param('id'), c.req.valid('json'))))
  .get('/admin/report', admin, validate('query', reportQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json(await agentReport(c.get('deps').db, q.from, q.to, c.get('deps').clock.now()));
  })
  .get('/admin/board', admin, async (c) => c.json(await supervisorBoard(c.get('deps').db, c.get('deps').clock.now())))
  .get('/admin/profiles', admin, validate('query', fictiveListQuery), async (c) =>
    c.json(await listFictive(c.get('deps').db, c.req.valid('query'), c.get('deps').clock.now())),
  )
  .get('/admin/profile/:id', admin, async (c) => c.json(await fictiveById(c.get('deps').db, c.req.param('id'), c.get('deps').clock.now())))
  .post('/admin/profile', admin, validate('json', createFictiveBody), async (c) =>
    c.json(await createFictive(c.get('deps').db, c.req.valid('json'), c.get('deps').clock.now()), 201),
  )
  .patch('/admin/profile/:id', admin, validate('json', updateFictiveBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.get('deps').db;
    return c.json(await db.transaction((tx) => updateFictive(tx, c.req.param('id'), body, c.get('deps').clock.now())));
  })
  .post(
    '/admin/profile/:id/photos',
    admin,
    bodyLimit({
      maxSize: UPLOAD_BODY_LIMIT,
      onError: () => {
        throw new ApiError(413, 'payload-too-large', 'The request is too large');
      },
    }),
    accepts('form', fictivePhotoForm),
    async (c) => {
      const deps = c.get('deps');
      const id = c.req.param('id');
      await fictiveById(deps.db, id, deps.clock.now());
      const form = await readUploadForm(c);
      const type = form.type ?? 'photo';
      if (type !== 'avatar' && type !== 'photo') throw new ApiError(400, 'invalid-upload-type', 'type must be avatar or photo');
      const processed = await checkedImages(form, type === 'avatar' ? 1 : 5);
      // The upload module's processing and storage (sizes, variants, files), then the rows become gallery images.
      const stored: string[] = [];
      for (const p of processed) stored.push(...(await storeProfileAttachment(deps, id, p)).images.map((i) => i._id));
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        if (type === 'avatar') {
          await tx
            .update(images)
            .set({ type: 'photo', updateDate: now })
            .where(and(eq(images.profileId, id), eq(images.type, 'avatar')));
        }
        await tx.update(images).set({ type, updateDate: now }).where(inArray(images.id, stored));
      });
      return c.json(await fictiveById(deps.db, id, now));
    },
  )
  .delete('/admin/profile/:id/photos/:imageId', admin, async (c) => {
    const deps = c.get('deps');
    const id = c.req.param('id');
    await fictiveById(deps.db, id, deps.clock.now());
    const imageId = idParam(c, 'imageId');
    const [gone] = await deps.db
      .delete(images)
      .where(and(eq(images.id, imageId), eq(images.profileId, id)))
      .returning({ id: images.id });
    if (!gone) throw new ApiError(404, 'not-found', t('error.not-found'));
    return c.json(await fictiveById(deps.db, id, deps.clock.now()));
  });
