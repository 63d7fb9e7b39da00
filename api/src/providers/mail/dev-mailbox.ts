import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { extractLinks, type Mail, type Mailer, type StoredMail } from './mailer.js';

/**
 * Without SMTP_URL, mails land in `<dataDir>/mailbox/`: one `.eml` (the exact message, opens in any mail
 * client) and one `.json` (what GET /api/dev/mailbox lists) per mail. One file pair per mail rather than
 * one shared index file, so several API processes can write at once without losing entries.
 */
export class DevMailbox implements Mailer {
  private readonly render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    readonly dir: string,
    private readonly from: string,
    private readonly now: () => Date,
    /** null keeps quiet (tests). */
    private readonly log: ((line: string) => void) | null = console.log,
  ) {}

  async send(mail: Mail) {
    await fs.mkdir(this.dir, { recursive: true });
    const date = this.now();
    const id = `${date.getTime()}-${randomUUID().slice(0, 8)}`;
    const info = await this.render.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, date });
    const stored: StoredMail = { ...mail, id, from: this.from, date: date.toISOString(), links: extractLinks(mail.text) };
    await fs.writeFile(path.join(this.dir, `${id}.eml`), info.message as Buffer);
    await fs.writeFile(path.join(this.dir, `${id}.json`), JSON.stringify(stored, null, 2));
    this.log?.(`[mail] to ${mail.to} : ${stored.links[0] ?? mail.subject}`);
  }

  /** Newest first. */
  async list(): Promise<StoredMail[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return [];
    }
    const mails: StoredMail[] = [];
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      try {
        mails.push(JSON.parse(await fs.readFile(path.join(this.dir, name), 'utf8')) as StoredMail);
      } catch {
        // A file being written by another process right now: it shows up on the next call.
      }
    }
    return mails.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id.localeCompare(a.id)));
  }
}
