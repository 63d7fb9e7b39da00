import type { Mail } from '../../providers/mail/mailer.js';
import { escapeHtml } from '../../lib/html.js';

/** The app's one mail look: the brand, the lines, one button with its address spelled out below, a small footer. */
export function mailLayout(brand: string, lines: string[], link: { label: string; href: string }, footer?: string) {
  const body = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n');
  return `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #222; max-width: 560px; margin: 0 auto; padding: 24px">
<h1 style="font-size: 20px">${escapeHtml(brand)}</h1>
${body}
<p><a href="${escapeHtml(link.href)}" style="display: inline-block; padding: 12px 20px; background: #d6336c; color: #fff; text-decoration: none; border-radius: 6px">${escapeHtml(link.label)}</a></p>
<p style="font-size: 12px; color: #666">If the button does not work, open this address: ${escapeHtml(link.href)}</p>
${footer ? `<p style="font-size: 12px; color: #666">${escapeHtml(footer)}</p>\n` : ''}</body></html>`;
}

export function verificationMail(brand: string, to: string, link: string): Mail {
  const lines = [`Welcome to ${brand}!`, 'Please confirm your email address to start chatting. The link is valid for 48 hours.'];
  return {
    to,
    subject: `${brand}: confirm your email address`,
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf you did not sign up, you can ignore this email.\n`,
    html: mailLayout(brand, [...lines], { label: 'Confirm my email', href: link }),
  };
}

export function resetPasswordMail(brand: string, to: string, link: string): Mail {
  const lines = ['Someone asked to reset the password of your account.', 'Open the link below within an hour to choose a new password.'];
  return {
    to,
    subject: `${brand}: reset your password`,
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
    html: mailLayout(brand, lines, { label: 'Choose a new password', href: link }),
  };
}

export function emailChangeNoticeMail(brand: string, to: string, newEmail: string, undoLink: string): Mail {
  const lines = [
    `Someone asked to change the email address of your account to ${newEmail}.`,
    'If it was you, there is nothing to do. If it was not, open the link below within 7 days: your address stays this one and every device is signed out.',
  ];
  return {
    to,
    subject: `${brand}: your email address is being changed`,
    text: `${lines.join('\n\n')}\n\n${undoLink}\n`,
    html: mailLayout(brand, lines, { label: 'Keep my email address', href: undoLink }),
  };
}
