import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { tokenizeBody } from '@sync/contract/payments';
import { t } from '@sync/texts';
import type { AppEnv } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { SandboxAgeVerifier } from '../../providers/age-verification/sandbox.js';
import type { AgeVerificationOutcome } from '../../providers/age-verification/verifier.js';
import { SandboxProcessor } from '../../providers/payments/sandbox.js';
import { validate } from '../../lib/validate.js';
import { escapeHtml } from '../../lib/html.js';
import { stylePagePolicy } from '../../lib/content-security-policy.js';

/** The sandbox pages' only style: named by its hash in their Content-Security-Policy. */
const PAGE_STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f4f7; color: #222; margin: 0; padding: 24px; }
  main { max-width: 420px; margin: 40px auto; background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 20px; margin: 0 0 8px; } p { line-height: 1.5; } .tag { font-size: 12px; color: #666; text-transform: uppercase; letter-spacing: .05em; }
  form { display: flex; gap: 8px; flex-wrap: wrap; margin-top: 16px; }
  button { flex: 1; min-width: 110px; padding: 12px 16px; border-radius: 8px; border: 1px solid #ccc; background: #fff; font-size: 16px; cursor: pointer; }
  button[value=approve] { background: #1b7f3b; border-color: #1b7f3b; color: #fff; }
`;
const PAGE_POLICY = stylePagePolicy(PAGE_STYLE);

/** A sandbox provider's page: never cached (each one answers one pending decision), under its own policy. */
function page(c: Context<AppEnv>, title: string, body: string, status: 200 | 404 = 200) {
  c.header('Cache-Control', 'no-store');
  c.header('Content-Security-Policy', PAGE_POLICY);
  return c.html(
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style></head>
<body><main><p class="tag">Sandbox — no real money or identity involved</p>${body}</main></body></html>`,
    status,
  );
}

const NOTHING_TO_CONFIRM = '<h1>Nothing to confirm</h1><p>This payment was already answered or does not exist.</p>';
const SESSION_CLOSED = '<h1>Session closed</h1><p>This verification was already answered or does not exist.</p>';

function processor(c: Context<AppEnv>): SandboxProcessor {
  const p = c.get('deps').providers.payments;
  if (!(p instanceof SandboxProcessor)) throw notFound(t('error.not-found'));
  return p;
}

/** 404 before the body is read when the payments provider is not the sandbox. */
const sandboxProcessor: MiddlewareHandler<AppEnv> = async (c, next) => {
  processor(c);
  await next();
};

function verifier(c: Context<AppEnv>): SandboxAgeVerifier {
  const v = c.get('deps').providers.ageVerification;
  if (!(v instanceof SandboxAgeVerifier)) throw notFound(t('error.not-found'));
  return v;
}

async function decision(c: Context<AppEnv>): Promise<string> {
  // The sandbox's own HTML page posts this form and is answered with a page, not the API's error shape.
  // eslint-disable-next-line no-restricted-syntax
  const form = await c.req.parseBody();
  return typeof form.decision === 'string' ? form.decision : '';
}

/**
 * The sandbox providers' own endpoints and pages (only while the sandboxes are configured; else 404). They stand in
 * for the outside services, so they take no member token:
 *   POST /api/sandbox/payments/tokenize           { cardNumber, expMonth, expYear, cvv, cardholder, zip } -> { token, last4, brand };
 *                                                 400 with the docs/product.md#validation messages in error.fields. Nothing is stored.
 *   GET  /api/sandbox/payments/action/{ref}       the extra confirmation page (test card 4000 0027 6000 3184): Approve / Decline
 *   POST /api/sandbox/payments/action/{ref}       decision=approve|decline -> 303 to the order's returnUrl (default /)
 *   GET  /api/sandbox/age-verification/{session}  the verification page: Approve / Decline / Cancel
 *   POST /api/sandbox/age-verification/{session}  decision=approve|decline|cancel -> 303 to callbackUrl (cancelUrl on cancel)
 */
export const sandboxRoutes = new Hono<AppEnv>()
  .post('/sandbox/payments/tokenize', sandboxProcessor, validate('json', tokenizeBody), async (c) => c.json(processor(c).tokenize(c.req.valid('json'))))
  .get('/sandbox/payments/action/:ref', (c) => {
    const ref = c.req.param('ref');
    const pending = processor(c).pendingAction(ref);
    if (!pending) return page(c, 'Payment confirmation', NOTHING_TO_CONFIRM, 404);
    const amount = `${(pending.amountCents / 100).toFixed(2)} ${pending.currency}`;
    return page(
      c,
      'Confirm your payment',
      `<h1>Confirm your payment</h1><p>Your bank asks you to confirm a payment of <strong>${escapeHtml(amount)}</strong> for ${escapeHtml(pending.description)}.</p>
<form method="post"><button type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="decline">Decline</button></form>`,
    );
  })
  .post('/sandbox/payments/action/:ref', async (c) => {
    const choice = await decision(c);
    if (choice !== 'approve' && choice !== 'decline') throw badRequest('invalid-decision', 'decision must be approve or decline');
    const back = processor(c).decide(c.req.param('ref'), choice === 'approve');
    if (!back) return page(c, 'Payment confirmation', NOTHING_TO_CONFIRM, 404);
    return c.redirect(back, 303);
  })
  .get('/sandbox/age-verification/:session', (c) => {
    if (!verifier(c).isOpen(c.req.param('session'))) return page(c, 'Age verification', SESSION_CLOSED, 404);
    return page(
      c,
      'Verify your age',
      `<h1>Verify your age</h1><p>In a real verification you would show an ID document or use your bank. Here you choose the outcome.</p>
<form method="post"><button type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="decline">Decline</button><button type="submit" name="decision" value="cancel">Cancel</button></form>`,
    );
  })
  .post('/sandbox/age-verification/:session', async (c) => {
    const choice = await decision(c);
    const outcomes: Record<string, AgeVerificationOutcome> = { approve: 'approved', decline: 'declined', cancel: 'cancelled' };
    const outcome = outcomes[choice];
    if (!outcome) throw badRequest('invalid-decision', 'decision must be approve, decline or cancel');
    const back = await verifier(c).decide(c.req.param('session'), outcome);
    if (!back) return page(c, 'Age verification', SESSION_CLOSED, 404);
    return c.redirect(back, 303);
  });
