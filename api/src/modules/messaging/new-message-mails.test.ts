import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversations, messages, users } from '../../db/schema/index.js';
import type { MemoryMailer } from '../../providers/mail/memory.js';
import { createFictive, createMember, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAgent, useMemoryMailer } from '../auth/test-helpers.js';
import { newMessageMail, sendNewMessageMails } from './new-message-mails.js';

const QUIET_MS = 120_000;
const MIN_GAP_MS = 30 * 60_000;

let ctx: TestContext;
let mailer: MemoryMailer;
let agentId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  mailer = useMemoryMailer(ctx);
  agentId = (await createAgent(ctx)).id;
});
afterAll(() => ctx.close());

async function chat(m: MemberFixture, username = `anna_${Math.random().toString(36).slice(2, 8)}`) {
  const profile = await createFictive(ctx, { username });
  const now = ctx.clock.now();
  const [c] = await ctx.deps.db.insert(conversations).values({ brandId: ctx.brand.id, userId: m.id, profileId: profile.id, createDate: now, updateDate: now }).returning();
  return { id: c!.id, username };
}

/** A staff reply as the profile, sent now on the fake clock. */
async function reply(conversationId: string, text = 'Hi there') {
  await ctx.deps.db.insert(messages).values({ conversationId, senderType: 'profile', agentId, messageType: 'text', message: text, dateSent: ctx.clock.now() });
}

const mailsTo = (m: MemberFixture) => mailer.sent.filter((mail) => mail.to === `${m.username}@example.com`);

describe('new-message mails', () => {
  it('a burst of replies gives one mail once the burst is over, with a link to the chat', async () => {
    const m = await createMember(ctx);
    const anna = await chat(m);
    for (let i = 0; i < 3; i++) {
      await reply(anna.id, `reply ${i}`);
      ctx.clock.advance(20_000);
    }
    await sendNewMessageMails(ctx.deps);
    expect(mailsTo(m)).toHaveLength(0); // the last reply is too fresh: more may come

    ctx.clock.advance(QUIET_MS);
    await sendNewMessageMails(ctx.deps);
    await sendNewMessageMails(ctx.deps);
    const sent = mailsTo(m);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Amora Test: 3 new messages from ${anna.username}`);
    expect(sent[0]!.links).toContain(`http://localhost:3000/messages/chat/${anna.id}`);
    expect(sent[0]!.text).toContain('Turn it off in your settings');
    expect(ctx.config.messageMails).toEqual({ quietMs: QUIET_MS, gapMs: MIN_GAP_MS });
  });

  it('a later reply is mailed only after the gap, and read messages are not', async () => {
    const m = await createMember(ctx);
    const bea = await chat(m);
    await reply(bea.id);
    ctx.clock.advance(QUIET_MS);
    await sendNewMessageMails(ctx.deps);
    expect(mailsTo(m)).toHaveLength(1);

    await reply(bea.id, 'are you there?');
    ctx.clock.advance(QUIET_MS);
    await sendNewMessageMails(ctx.deps);
    expect(mailsTo(m)).toHaveLength(1);
    ctx.clock.advance(MIN_GAP_MS);
    await sendNewMessageMails(ctx.deps);
    expect(mailsTo(m)).toHaveLength(2);
    expect(mailsTo(m)[1]!.subject).toBe(`Amora Test: a new message from ${bea.username}`);

    await reply(bea.id, 'read at once');
    await ctx.deps.db.update(messages).set({ isRead: true }).where(eq(messages.conversationId, bea.id));
    ctx.clock.advance(MIN_GAP_MS);
    await sendNewMessageMails(ctx.deps);
    expect(mailsTo(m)).toHaveLength(2);
  });

  it('honours "Email me when I get a new message" off, and never mails an unverified address', async () => {
    const off = await createMember(ctx);
    await ctx.deps.db
      .update(users)
      .set({ settings: { notifyByEmail: false, showOnline: true, keepLocationPrivate: false, measurement: 'imperial', timeFormat: '12h' } })
      .where(eq(users.id, off.id));
    const unverified = await createMember(ctx, { emailValidated: false });
    await reply((await chat(off)).id);
    await reply((await chat(unverified)).id);
    ctx.clock.advance(QUIET_MS);
    await sendNewMessageMails(ctx.deps);
    expect(mailsTo(off)).toHaveLength(0);
    expect(mailsTo(unverified)).toHaveLength(0);
  });

  it('replies from two profiles make one mail naming both, linking the latest chat', async () => {
    const m = await createMember(ctx);
    const a = await chat(m);
    const b = await chat(m);
    await reply(a.id);
    ctx.clock.advance(1_000);
    await reply(b.id);
    ctx.clock.advance(QUIET_MS);
    await sendNewMessageMails(ctx.deps);
    const [mail] = mailsTo(m);
    expect(mail!.subject).toMatch(/^Amora Test: 2 new messages from /);
    expect(mail!.subject).toContain(a.username);
    expect(mail!.subject).toContain(b.username);
    expect(mail!.links).toContain(`http://localhost:3000/messages/chat/${b.id}`);
  });

  it('speaks the member language, else the language of the brand country', () => {
    const due = { userId: 'u', email: 'a@example.com', brand: 'Amora', language: null, country: 'DE', lastSeq: 3, unread: 3, conversationId: 'c', senders: ['anna', 'bea', 'cleo'] };
    const german = newMessageMail(due, 'https://amora.example');
    expect(german.subject).toBe('Amora: 3 neue Nachrichten von anna, bea und 1 weitere Person');
    expect(german.text).toContain('Öffne den Chat, um zu lesen und zu antworten.');
    const english = newMessageMail({ ...due, language: 'en', unread: 1, senders: ['anna', 'bea'] }, 'https://amora.example');
    expect(english.subject).toBe('Amora: a new message from anna and bea');
    expect(english.text).toContain('Open the chat to read and answer.');
  });
});
