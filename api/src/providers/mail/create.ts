import path from 'node:path';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { DevMailbox } from './dev-mailbox.js';
import type { Mailer } from './mailer.js';
import { createSmtpMailer } from './smtp.js';

export function createMailer(config: Config, clock: Clock): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  // Tests keep quiet; everywhere else the console shows the link so a developer can follow it.
  const log = config.env === 'test' ? null : console.log;
  return new DevMailbox(path.join(config.dataDir, 'mailbox'), config.mailFrom, () => clock.now(), log);
}
