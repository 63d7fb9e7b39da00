/**
 * What a tester can do to the mock world, as plain functions: the tester panel calls them from buttons and tests
 * call them directly, so both drive the mocks one way. Each acts on the member whose device synced last.
 */
import { CONVERSATION_PREFIX, MESSAGE_PREFIX } from '@sync/engine/keys';
import type { ConversationRecord, MessageRecord } from '@sync/contract/messaging';
import { conversationType } from '@sync/rules/conversation-type';
import { clockOffset, setClockOffset } from './clock';
import { resetAgentMocks } from './handlers/agents';
import { messagingMock } from './handlers/messaging';
import { paymentsMock } from './handlers/payments';
import { mockProfileSummary, patchMockMember, resetProfileMocks } from './handlers/profiles';
import { dropSockets, sendSocketFrame } from './handlers/socket';
import { networkMock, type NetworkConditions, type PushRefusal } from './network';
import { seedMockWorld } from './seed';

export type { PushRefusal };

/** A few believable lines a fictive profile answers with, in turn. */
export const REPLY_LINES = [
  'Haha, you always know what to say 😄',
  'I was just thinking about you!',
  'Tell me more, I am curious…',
  'That sounds like a perfect evening to me.',
  'Sorry, I was at the gym. What did I miss?',
] as const;
let replies = 0;

const member = () => messagingMock.activeUserId ?? messagingMock.userId;

function conversationsOf(userId: string): ConversationRecord[] {
  return Object.entries(messagingMock.server.state(userId))
    .filter(([key]) => key.startsWith(CONVERSATION_PREFIX))
    .map(([, value]) => value as ConversationRecord)
    .sort((a, b) => (b.lastMessageDate ?? '').localeCompare(a.lastMessageDate ?? ''));
}

/** The member's conversations, newest first: what the panel offers to reply in. */
export function memberConversations(): { _id: string; username: string; unread: number }[] {
  return conversationsOf(member()).map((c) => ({ _id: c._id, username: mockProfileSummary(c.profileId)?.username ?? c.profileId, unread: c.unread }));
}

/** Every profile message and its unread count, as the server's newMessage and unreadMessageCount events carry them. */
function replyFrames(userId: string, conversation: ConversationRecord, message: MessageRecord) {
  const total = conversationsOf(userId).reduce((sum, c) => sum + c.unread, 0);
  return [
    {
      event: 'newMessage',
      conversation: {
        _id: conversation._id,
        profileId: conversation.profileId,
        archived: conversation.archived,
        unread: conversation.unread,
        type: conversationType({ archived: conversation.archived, messages: conversation.hasUserMessage ? [{ senderType: 'user' }] : [] }),
      },
      message,
      profile: mockProfileSummary(conversation.profileId) ?? conversation.profile,
    },
    { event: 'unreadMessageCount', count: total },
  ];
}

/**
 * A fictive profile answers in a conversation (the newest when none is named): the server stores the reply and
 * the socket carries newMessage and unreadMessageCount, as when an agent replies. Answers the reply, or null
 * when the member has no such conversation.
 */
export async function profileReplies(options: { conversationId?: string; text?: string } = {}): Promise<MessageRecord | null> {
  const userId = member();
  messagingMock.tick();
  const conversationId = options.conversationId ?? conversationsOf(userId)[0]?._id;
  if (!conversationId) return null;
  const before = new Set(Object.keys(messagingMock.server.state(userId)));
  const text = options.text ?? REPLY_LINES[replies++ % REPLY_LINES.length]!;
  if (!(await messagingMock.profileReply(userId, conversationId, text))) return null;
  const state = messagingMock.server.state(userId);
  const key = Object.keys(state).find((k) => k.startsWith(MESSAGE_PREFIX) && !before.has(k));
  const conversation = conversationsOf(userId).find((c) => c._id === conversationId);
  if (!key || !conversation) return null;
  const message = state[key] as MessageRecord;
  replyFrames(userId, conversation, message).forEach(sendSocketFrame);
  return message;
}

/** The same reply after a delay (the member can go offline, reload or leave the chat meanwhile). */
export function profileRepliesLater(delayMs: number, options: { conversationId?: string; text?: string } = {}): () => void {
  const timer = setTimeout(() => void profileReplies(options), delayMs);
  return () => clearTimeout(timer);
}

export function memberCredits(): number {
  return messagingMock.credits(member());
}

/** The member's balance, on the server's ledger and on the user record; the device hears of it by a poke. */
export async function setCredits(credits: number): Promise<void> {
  const userId = member();
  await messagingMock.setCredits(userId, credits);
  paymentsMock.member(userId).credits = credits;
  sendSocketFrame({ event: 'poke' });
  sendSocketFrame({ event: 'userUpdate', payload: { credits } });
}

export function setLikes(likes: number): void {
  patchMockMember(member(), { likes });
  sendSocketFrame({ event: 'userUpdate', payload: { likes } });
}

/** Flips the member's premium flag (a membership bought on the mock sets it too); answers the new value. */
export function togglePremium(): boolean {
  const userId = member();
  const payments = paymentsMock.member(userId);
  const isPremium = !(payments.premium || (patchMockMember(userId, {})?.isPremium ?? false));
  payments.premium = isPremium;
  patchMockMember(userId, { isPremium });
  sendSocketFrame({ event: 'userUpdate', payload: { isPremium } });
  return isPremium;
}

/** Offline, slow (latency in ms) or flaky (a failure rate from 0 to 1): any part, the rest kept. */
export function setNetwork(conditions: Partial<NetworkConditions>): NetworkConditions {
  networkMock.conditions = { ...networkMock.conditions, ...conditions };
  if (networkMock.conditions.offline) dropSockets();
  return networkMock.conditions;
}

/** The next sync push with mutations answers this refusal; null disarms it. */
export function refuseNextPush(refusal: PushRefusal | null): void {
  networkMock.nextPush = refusal;
}

/** The member's session lapses (token expired, refresh refused): the app must sign them out as the API would make it. */
export function expireSession(): void {
  networkMock.sessionExpired = true;
  dropSockets();
}

/** Any frame on the socket: logout, unreadMessageCount, agentStatusUpdate… Answers how many sockets got it. */
export function pushSocketFrame(frame: { event: string; [field: string]: unknown }): number {
  return sendSocketFrame(frame);
}

/**
 * Moves the mock clock forward by `ms`, for the server and the page alike, as if that much time had passed: tokens
 * come due (the client refreshes under 50 minutes left and lapses past exp), a claim lapses past its 5 minutes,
 * the once-an-hour pause comes free, later messages are dated later. Answers the offset from real time.
 */
export function moveClock(ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0) throw new RangeError(`the clock only moves forward, by a number of ms > 0; got ${ms}`);
  const offset = setClockOffset(clockOffset() + ms);
  messagingMock.tick();
  return offset;
}

/** Back to real time. What was dated on the moved clock keeps its date; the server's clock never runs backwards. */
export function resetClock(): void {
  setClockOffset(0);
}

export { clockOffset };

/** Back to the seeded world: the seeded member, a calm network, real time, the agents' stock as at start. */
export async function resetToSeed(): Promise<void> {
  setClockOffset(0);
  resetProfileMocks();
  resetAgentMocks();
  networkMock.reset();
  replies = 0;
  await seedMockWorld();
}
