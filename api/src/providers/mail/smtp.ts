import nodemailer from 'nodemailer';
import type { Mail, Mailer } from './mailer.js';

/** Real delivery through the SMTP server named by SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail: Mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}
