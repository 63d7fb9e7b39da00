import { randomUUID } from 'node:crypto';
import { extractLinks, type Mail, type Mailer, type StoredMail } from './mailer.js';

/** Keeps mails in memory: tests read `sent` to follow the links a member would receive. */
export class MemoryMailer implements Mailer {
  readonly sent: StoredMail[] = [];

  constructor(
    private readonly from = 'test@localhost',
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(mail: Mail) {
    this.sent.push({ ...mail, id: randomUUID(), from: this.from, date: this.now().toISOString(), links: extractLinks(mail.text) });
  }

  async list() {
    return [...this.sent].reverse();
  }

  /** The newest mail to `to`, if any. */
  last(to?: string): StoredMail | undefined {
    for (let i = this.sent.length - 1; i >= 0; i -= 1) {
      const mail = this.sent[i]!;
      if (!to || mail.to === to) return mail;
    }
    return undefined;
  }

  clear() {
    this.sent.length = 0;
  }
}
