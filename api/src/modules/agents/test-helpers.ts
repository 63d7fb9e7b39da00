import crypto from 'node:crypto';
import { type agents, conversations, messages, users } from '../../db/schema/index.js';
import { createAgent } from '../auth/test-helpers.js';
import { issueSession } from '../auth/sessions.js';
import type { TestContext } from '../../test/harness.js';
import { jsonRequest } from '../../test/harness.js';

/** An agent (or admin) with a live session and its bearer headers, without the cost of a password login. */
export async function staffWithToken(ctx: TestContext, overrides: Partial<typeof agents.$inferInsert> = {}) {
  const row = await createAgent(ctx, overrides);
  const { access_token } = await issueSession(ctx.deps, { type: 'agent', id: row.id });
  return { ...row, headers: { authorization: `Bearer ${access_token}` } };
}

export async function callApi(ctx: TestContext, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const res = await ctx.app.request(path, jsonRequest(method, body, headers));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export async function goOnline(ctx: TestContext, headers: Record<string, string>) {
  const res = await callApi(ctx, 'POST', '/api/event', headers, { queue: 'agents', message: { event: 'agentStatusUpdate', status: 'online' } });
  if (res.status !== 200) throw new Error(`online answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * `n` members (country given) each with a conversation in the message stock, waiting since `since` plus i
 * seconds, each with one member message. Inserted in bulk: the claim tests need hundreds.
 */
export async function stockConversations(
  ctx: TestContext,
  profileId: string,
  n: number,
  opts: { country?: string; since?: Date; isPremium?: (i: number) => boolean; stepMs?: number } = {},
) {
  const since = opts.since ?? new Date(ctx.clock.now().getTime() - 3_600_000);
  const tag = crypto.randomBytes(4).toString('hex');
  const userRows = await ctx.deps.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        brandId: ctx.brand.id,
        username: `stocked_${tag}_${i}`,
        email: `stocked_${tag}_${i}@example.com`,
        gender: 'man' as const,
        lookingFor: 'woman' as const,
        birthDate: '1988-02-03',
        emailValidated: true,
        country: opts.country ?? 'US',
        isPremium: opts.isPremium?.(i) ?? false,
      })),
    )
    .returning({ id: users.id });
  const step = opts.stepMs ?? 1000;
  const convRows = await ctx.deps.db
    .insert(conversations)
    .values(
      userRows.map((u, i) => {
        const at = new Date(since.getTime() + i * step);
        return {
          brandId: ctx.brand.id,
          userId: u.id,
          profileId,
          hasUserMessage: true,
          lastMessageDate: at,
          lastUserMessageDate: at,
          stock: 'message' as const,
          stockDate: at,
          stockPaying: opts.isPremium?.(i) ?? false,
          createDate: at,
          updateDate: at,
        };
      }),
    )
    .returning({ id: conversations.id, userId: conversations.userId, stockDate: conversations.stockDate });
  const msgRows = await ctx.deps.db
    .insert(messages)
    .values(convRows.map((c) => ({ conversationId: c.id, senderType: 'user' as const, messageType: 'text' as const, message: 'Hello?', dateSent: c.stockDate!, isRead: true })))
    .returning({ id: messages.id, conversationId: messages.conversationId });
  return convRows.map((c) => ({ ...c, messageId: msgRows.find((m) => m.conversationId === c.id)!.id }));
}
