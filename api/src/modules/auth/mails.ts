import type { Mail } from '../../providers/mail/mailer.js';
import { addTexts, t } from '@sync/texts';
import { enMail } from '@sync/locales/en-mail';
import { escapeHtml } from '../../lib/html.js';

addTexts(enMail);

/**
 * The app's one mail look: the brand, the lines, one button with its address spelled out below, a small footer. Mails
 * speak the language `t()` speaks: the request's, or the recipient's under inLocale (lib/i18n.ts).
 */
export function mailLayout(brand: string, lines: string[], link: { label: string; href: string }, footer?: string) {
  const body = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n');
  return `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #222; max-width: 560px; margin: 0 auto; padding: 24px">
<h1 style="font-size: 20px">${escapeHtml(brand)}</h1>
${body}
<p><a href="${escapeHtml(link.href)}" style="display: inline-block; padding: 12px 20px; background: #d6336c; color: #fff; text-decoration: none; border-radius: 6px">${escapeHtml(link.label)}</a></p>
<p style="font-size: 12px; color: #666">${escapeHtml(t('mail.button-fallback', { href: link.href }))}</p>
${footer ? `<p style="font-size: 12px; color: #666">${escapeHtml(footer)}</p>\n` : ''}</body></html>`;
}

export function verificationMail(brand: string, to: string, link: string): Mail {
  const lines = [t('mail.verify-welcome', { brand }), t('mail.verify-text')];
  return {
    to,
    subject: t('mail.verify-subject', { brand }),
    text: `${lines.join('\n\n')}\n\n${link}\n\n${t('mail.verify-ignore')}\n`,
    html: mailLayout(brand, [...lines], { label: t('mail.verify-button'), href: link }),
  };
}

export function resetPasswordMail(brand: string, to: string, link: string): Mail {
  const lines = [t('mail.reset-asked'), t('mail.reset-text')];
  return {
    to,
    subject: t('mail.reset-subject', { brand }),
    text: `${lines.join('\n\n')}\n\n${link}\n\n${t('mail.reset-ignore')}\n`,
    html: mailLayout(brand, lines, { label: t('mail.reset-button'), href: link }),
  };
}

export function emailChangeNoticeMail(brand: string, to: string, newEmail: string, undoLink: string): Mail {
  const lines = [t('mail.email-change-asked', { email: newEmail }), t('mail.email-change-text')];
  return {
    to,
    subject: t('mail.email-change-subject', { brand }),
    text: `${lines.join('\n\n')}\n\n${undoLink}\n`,
    html: mailLayout(brand, lines, { label: t('mail.email-change-button'), href: undoLink }),
  };
}
