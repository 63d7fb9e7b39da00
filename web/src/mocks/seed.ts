/**
 * The world a tester meets in mock mode: the demo member with an inbox (history, unread replies), credits, a
 * saved card and past orders. Written through the same calls the handlers use, so the inbox is what the engine
 * would hold after these sends and replies.
 */
import type { PushResult } from '@sync/engine/mutations';
import { mockNow } from './clock';
import { messagingMock } from './handlers/messaging';
import { paymentsMock } from './handlers/payments';
import { mockProfileId } from './profiles-data';

export const SEED_MEMBER = 'u-demo';
export const SEED_CREDITS = 40;
/** The device that wrote the seeded history (the tester's browser gets its own client id). */
const SEED_CLIENT = 'seed-device';
const MINUTE = 60_000;

type Line = readonly ['me' | 'them', string];

/** A fictive profile (profiles-data.ts ids) and the conversation so far; trailing replies stay unread. */
export const SEED_INBOX: readonly { profileId: string; lines: readonly Line[] }[] = [
  {
    profileId: mockProfileId(1),
    lines: [
      ['me', 'Hi! Your hiking photos are amazing, where was the lake one taken?'],
      ['them', 'Thank you! That was Lake Tahoe last summer 😊'],
      ['me', 'Beautiful. I have been meaning to go there for years.'],
      ['them', 'You should! Are you more of a mountains or beach person?'],
      ['them', 'Also… coffee or tea? Important question 😄'],
    ],
  },
  {
    profileId: mockProfileId(2),
    lines: [
      ['me', 'Hey there, how is your week going?'],
      ['them', 'Busy but good! Just finished a huge project at work.'],
      ['me', 'Congrats! Celebrating tonight?'],
      ['them', 'Pizza and a movie, the best kind of celebration 🍕'],
    ],
  },
  {
    profileId: mockProfileId(4),
    lines: [
      ['me', 'We matched! Hello 👋'],
      ['them', 'Hello you! I liked your profile right away.'],
      ['them', 'What are you up to this weekend?'],
      ['them', 'I was thinking about that new jazz bar downtown…'],
    ],
  },
  {
    profileId: mockProfileId(5),
    lines: [
      ['me', 'Do you really paint? Your about me sounds so creative.'],
      ['them', 'I do! Mostly watercolours, some oils when I am brave.'],
      ['me', 'I would love to see some of your work one day.'],
    ],
  },
  {
    profileId: mockProfileId(7),
    lines: [
      ['me', 'Good morning sunshine ☀️'],
      ['them', 'Good morning! You are up early.'],
    ],
  },
  {
    profileId: mockProfileId(9),
    lines: [['me', 'Hi! I saw you like travelling too. Favourite trip so far?']],
  },
];

/** Sends the seeded lines through the engine: the member's as sendMessage pushes, the profiles' as replies. */
async function seedInbox(userId: string, start: number): Promise<void> {
  const server = messagingMock.server;
  let mutationId = 0;
  const push = async (name: string, args: Record<string, unknown>): Promise<PushResult | undefined> => {
    const response = await messagingMock.push(userId, { clientId: SEED_CLIENT, mutations: [{ clientId: SEED_CLIENT, mutationId: ++mutationId, name, args }] });
    return response.results[0];
  };
  server.now = start;
  for (const [index, { profileId, lines }] of SEED_INBOX.entries()) {
    server.now = start + index * 180 * MINUTE;
    let conversationId = 'blank';
    for (const [who, text] of lines) {
      server.now += 7 * MINUTE;
      if (who === 'them') {
        await messagingMock.profileReply(userId, conversationId, text);
        continue;
      }
      // The member read the replies before answering them.
      if (conversationId !== 'blank') await push('markRead', { conversationId });
      const result = await push('sendMessage', { conversationId, profileId, messageId: crypto.randomUUID(), messageType: 'text', message: text });
      conversationId = (result?.result as { conversationId?: string } | undefined)?.conversationId ?? conversationId;
    }
  }
}

function seedPayments(userId: string, now: number): void {
  const payments = paymentsMock.member(userId);
  payments.credits = SEED_CREDITS;
  payments.purchased = true;
  payments.cards = [{ cardId: 'card-seed-4242', number: '4242424242424242', last4: '4242', brand: 'visa', expMonth: 12, expYear: new Date(now).getUTCFullYear() + 3 }];
  const order = (days: number, amount: number, status: 'success' | 'failed', n: number) => ({
    _id: `tx-seed-${n}`,
    createDate: new Date(now - days * 86_400_000).toISOString(),
    orderId: `ord-seed-${n}`,
    amount,
    currency: 'USD',
    status,
    kind: 'purchase' as const,
    failure: status === 'failed' ? ('bank' as const) : null,
  });
  payments.transactions = [order(2, 14.99, 'success', 3), order(9, 4.99, 'success', 2), order(9, 14.99, 'failed', 1)];
}

/** Builds the tester's world from nothing; the member's history ends a little before now. */
export async function seedMockWorld(now = mockNow()): Promise<void> {
  messagingMock.reset();
  paymentsMock.reset();
  messagingMock.userId = SEED_MEMBER;
  await messagingMock.setCredits(SEED_MEMBER, 100);
  await seedInbox(SEED_MEMBER, now - 20 * 60 * MINUTE);
  await messagingMock.setCredits(SEED_MEMBER, SEED_CREDITS);
  seedPayments(SEED_MEMBER, now);
  messagingMock.liveClock = true;
  messagingMock.tick();
}
