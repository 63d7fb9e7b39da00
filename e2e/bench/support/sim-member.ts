import crypto from 'node:crypto';
import { MESSAGE_PREFIX } from '@sync/engine/keys';
import { MAX_MUTATIONS_PER_PUSH, type PullResponse, type PushResponse } from '@sync/engine/mutations';
import { findConversationByProfile } from '@sync/engine/mutators';
import { Replica } from '@sync/engine/replica';
import { backoffDelay } from '@web/sync/backoff';
import { JsonClient } from './http-json.js';
import type { Principal } from './world.js';

export interface SimStats {
  pushes: number;
  pulls: number;
  /** Requests that failed on the network (reset, timeout, half an answer) and were sent again. */
  networkErrors: number;
  serverErrors: number;
}

/**
 * One member's device as the bench drives it: the engine's in-memory client half (Replica: optimistic
 * mutators, pending queue, rebase on pull) speaking the real push/pull protocol over HTTP, retrying every
 * network failure with the web outbox's backoff (shortened so a run takes seconds, not minutes).
 */
export class SimulatedMember {
  readonly replica: Replica;
  readonly http: JsonClient;
  /** Every message id this device queued, in order. */
  readonly queued: string[] = [];
  readonly stats: SimStats = { pushes: 0, pulls: 0, networkErrors: 0, serverErrors: 0 };
  /** A first sync's continuation (the replica keeps only the cursor). */
  private snapshot: string | undefined;
  private attempt = 0;

  constructor(
    readonly member: Principal,
    baseUrl: string,
    private readonly opts: { timeoutMs: number; backoffBaseMs: number; backoffCapMs: number; random?: () => number },
  ) {
    this.replica = new Replica(`bench${crypto.randomBytes(8).toString('hex')}`, { now: Date.now(), newId: () => crypto.randomUUID() });
    this.http = new JsonClient(baseUrl, { connections: 1 });
  }

  /** Queues one text message to a fictive profile, in the conversation the device already knows if any. */
  async send(profileId: string, text: string): Promise<void> {
    const view = await this.replica.view();
    const conversation = await findConversationByProfile(view, profileId);
    const messageId = crypto.randomUUID();
    const out = await this.replica.mutate('sendMessage', {
      conversationId: conversation?._id ?? 'blank',
      profileId,
      messageId,
      messageType: 'text',
      message: text,
    });
    if (!out.ok) throw new Error(`the device refused a send: ${out.error.code}`);
    this.queued.push(messageId);
  }

  /** Pushes and pulls until nothing is pending, retrying through whatever the network does. */
  async sync(): Promise<void> {
    for (;;) {
      try {
        if (this.replica.pending.length > 0) {
          const res = await this.call<PushResponse>('/api/sync/push', this.replica.pushRequest(MAX_MUTATIONS_PER_PUSH));
          this.stats.pushes += 1;
          this.replica.onPushResponse(res);
        }
        const pulled = await this.call<PullResponse>('/api/sync/pull', { clientId: this.replica.clientId, cursor: this.replica.cursor, snapshot: this.snapshot });
        this.stats.pulls += 1;
        await this.replica.onPull(pulled);
        this.snapshot = pulled.snapshot;
        this.attempt = 0;
        if (this.replica.pending.length === 0) return;
      } catch (err) {
        if (err instanceof FatalResponse) throw err;
        await new Promise((r) => setTimeout(r, backoffDelay(this.attempt++, this.opts.random, this.opts.backoffBaseMs, this.opts.backoffCapMs)));
      }
    }
  }

  /** Message ids the device holds as confirmed by the server (not pending). */
  async confirmedMessageIds(): Promise<Set<string>> {
    const ids = new Set<string>();
    for (const [key] of await this.replica.confirmed.scan(MESSAGE_PREFIX)) ids.add(key.slice(key.lastIndexOf('/') + 1));
    return ids;
  }

  private async call<T>(path: string, body: unknown): Promise<T> {
    let res;
    try {
      res = await this.http.request<T>('POST', path, body, this.member.headers, this.opts.timeoutMs);
    } catch (err) {
      this.stats.networkErrors += 1;
      throw err;
    }
    if (res.status === 200) return res.body;
    if (res.status >= 500 || res.status === 408 || res.status === 429) {
      this.stats.serverErrors += 1;
      throw new Error(`server answered ${res.status}`);
    }
    throw new FatalResponse(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }

  close() {
    this.http.close();
  }
}

class FatalResponse extends Error {}
