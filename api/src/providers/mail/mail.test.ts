import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.js';
import { DevMailbox } from './dev-mailbox.js';
import { extractLinks } from './mailer.js';
import { createSmtpMailer } from './smtp.js';

const mail = {
  to: 'someone@example.com',
  subject: 'Amora: confirm your email address',
  text: 'Hello\n\nhttp://localhost:3000/api/verify-email?token=abc_DEF-123\n',
  html: '<p><a href="http://localhost:3000/api/verify-email?token=abc_DEF-123">Confirm</a></p>',
};

describe('SMTP mailer', () => {
  const received: { from?: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          const from = session.envelope.mailFrom;
          received.push({ from: from ? from.address : undefined, to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers text and HTML through a real SMTP server', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Amora <no-reply@amora.local>');
    await mailer.send(mail);
    expect(received).toHaveLength(1);
    const [msg] = received;
    expect(msg!.from).toBe('no-reply@amora.local');
    expect(msg!.to).toEqual(['someone@example.com']);
    expect(msg!.raw).toContain('Subject: Amora: confirm your email address');
    expect(msg!.raw).toContain('Content-Type: text/plain');
    expect(msg!.raw).toContain('Content-Type: text/html');
    expect(msg!.raw).toContain('verify-email?token=abc_DEF-123');
  });
});

describe('dev mailbox', () => {
  it('keeps each mail as .eml and .json and lists them newest first with their links', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mailbox-'));
    const clock = new FakeClock(Date.UTC(2026, 0, 1));
    const lines: string[] = [];
    const box = new DevMailbox(path.join(dir, 'mailbox'), 'Amora <no-reply@amora.local>', () => clock.now(), (l) => lines.push(l));
    await box.send(mail);
    clock.advance(1000);
    await box.send({ ...mail, to: 'second@example.com', text: 'no link here' });
    const list = await box.list();
    expect(list.map((m) => m.to)).toEqual(['second@example.com', 'someone@example.com']);
    expect(list[1]!.links).toEqual(['http://localhost:3000/api/verify-email?token=abc_DEF-123']);
    const files = (await fs.readdir(path.join(dir, 'mailbox'))).sort();
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    const eml = await fs.readFile(path.join(dir, 'mailbox', files.find((f) => f.endsWith('.eml'))!), 'utf8');
    expect(eml).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(eml).toContain('To: someone@example.com');
    expect(lines[0]).toBe('[mail] to someone@example.com : http://localhost:3000/api/verify-email?token=abc_DEF-123');
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('lists nothing before the first mail', async () => {
    expect(await new DevMailbox('/nonexistent/mailbox', 'x <x@y.z>', () => new Date(), null).list()).toEqual([]);
  });

  it('extracts distinct links', () => {
    expect(extractLinks('a https://x.test/a?b=1. and (http://y.test/c) https://x.test/a?b=1.')).toEqual(['https://x.test/a?b=1.', 'http://y.test/c']);
  });
});
