import { Hono, type Context } from 'hono';
import { affiliateBody, contactBody, supportQuery } from '@sync/contract/support';
import type { AppEnv } from '../../context.js';
import { validate } from '../../lib/validate.js';
import { bearerToken } from '../auth/middleware.js';
import { clientIp } from '../../lib/request.js';
import { authenticateAccessToken } from '../auth/sessions.js';
import { submitSupportForm, type SupportForm } from './service.js';

/**
 * POST /api/customer-support                     contact form (docs/product.md#data)    -> 201 { ticketNumber }
 * POST /api/customer-support?form_type=affiliate affiliate form (docs/product.md#data)  -> 201 { ticketNumber }
 * No sign-in needed; a valid member token links the ticket to the member. 400 with the error shape and
 * per-field messages for invalid bodies; 429 `too-many-requests` past 5 submissions per IP in 10 minutes.
 */
const isAffiliate = (c: Context) => c.req.query('form_type') === 'affiliate';

export const supportRoutes = new Hono<AppEnv>().post(
  '/customer-support',
  validate('query', supportQuery),
  validate('json', (c) => (isAffiliate(c) ? affiliateBody : contactBody)),
  async (c) => {
    const body = c.req.valid('json');
    // The query chose the schema, so the body is the one its form reads.
    const form = (isAffiliate(c) ? { kind: 'affiliate', body } : { kind: 'contact', body }) as SupportForm;
    const deps = c.get('deps');
    let userId: string | undefined;
    const token = bearerToken(c.req.header('authorization'));
    if (token) {
      // A stale or foreign token must not stop a visitor from reaching support: it only fails to link.
      const check = await authenticateAccessToken(deps, token).catch(() => undefined);
      if (check?.ok && check.auth.type === 'user') userId = check.auth.id;
    }
    const answer = await submitSupportForm(deps, c.get('brand'), form, { ip: clientIp(c), userId });
    return c.json(answer, 201);
  },
);
