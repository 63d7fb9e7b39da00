import { Hono } from 'hono';
import type { AppEnv } from '../../context.js';
import { attachmentUploadForm } from '@sync/contract/uploads';
import { accepts } from '../../lib/validate.js';
import { requireAuth } from '../auth/middleware.js';
import { checkedImages, readUploadForm, uploadBodyLimit } from '../uploads/routes.js';
import { storeProfileAttachment } from '../uploads/service.js';
import { requireAttachmentRight } from './attachment-right.js';

/**
 * POST /api/profile/:id/upload (agent token: the live claim on a conversation with that fictive profile, or
 * admin), multipart, one `file`/`files`: an `attachment` image owned by the profile for an agent's reply.
 *   200 { images: [Image] } · the 400/413 of the member's upload (uploads/routes.ts) · 403 claim-required ·
 *   404 not-found (no such fictive profile)
 * Here rather than in uploads/ because who may attach is the agents' claim rule; uploads stays below agents.
 */
export const attachmentUploadRoutes = new Hono<AppEnv>().post('/profile/:id/upload', requireAuth('agent'), uploadBodyLimit, accepts('form', attachmentUploadForm), async (c) => {
  const profileId = c.req.param('id');
  await requireAttachmentRight(c.get('deps'), c.get('auth'), profileId);
  const processed = await checkedImages(await readUploadForm(c), 1);
  return c.json(await storeProfileAttachment(c.get('deps'), profileId, processed[0]!));
});
