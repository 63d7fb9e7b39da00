import type { PushMessage, PushOutcome, PushSender, PushTarget } from './push.js';

/** Keeps what would be pushed: tests read `sent`; endpoints in `gone` answer as an unsubscribed device would. */
export class MemoryPushSender implements PushSender {
  readonly sent: { target: PushTarget; message: PushMessage; data: Record<string, unknown> }[] = [];
  readonly gone = new Set<string>();
  readonly failing = new Set<string>();

  constructor(readonly publicKey = 'BMemoryPushSenderPublicKey') {}

  async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
    if (this.failing.has(target.endpoint)) throw new Error('push service unavailable');
    if (this.gone.has(target.endpoint)) return { status: 'gone' };
    this.sent.push({ target, message, data: JSON.parse(message.payload) as Record<string, unknown> });
    return { status: 'sent' };
  }
}
