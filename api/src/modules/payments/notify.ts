import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import { brands, users } from '../../db/schema/index.js';
import type { Mail } from '../../providers/mail/mailer.js';
import { escapeHtml } from '../../lib/html.js';

function membershipEndedMail(brand: string, to: string, accountUrl: string): Mail {
  const lines = [
    'We could not renew your VIP membership: the payment with your saved card did not go through.',
    'Your membership has ended. You can buy a new one at any time with another card.',
  ];
  return {
    to,
    subject: `${brand}: your VIP membership has ended`,
    text: `${lines.join('\n\n')}\n\n${accountUrl}\n`,
    html: `<!doctype html><html><body style="font-family: Arial, sans-serif; max-width: 560px; margin: 0 auto; padding: 24px">
<h1 style="font-size: 20px">${escapeHtml(brand)}</h1>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(accountUrl)}">${escapeHtml(accountUrl)}</a></p>
</body></html>`,
  };
}

/** A failed renewal: the member is told by mail (and live, by the caller's userUpdate). */
export async function mailMembershipEnded(deps: AppDeps, userId: string): Promise<void> {
  try {
    const [row] = await deps.db
      .select({ email: users.email, brand: brands.brand, domain: brands.domain })
      .from(users)
      .innerJoin(brands, eq(brands.id, users.brandId))
      .where(eq(users.id, userId));
    if (!row) return;
    await deps.providers.mail.send(membershipEndedMail(row.brand, row.email, `${deps.config.publicUrl}/upgrade`));
  } catch (err) {
    console.error('[payments] membership-ended mail failed', err);
  }
}
