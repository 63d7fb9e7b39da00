import type { UnreadCounts } from '@sync/contract/messaging';
import { maskContacts } from '@sync/rules/mask';
import type { AppDeps } from '../../context.js';
import type { ReplyRows } from '../../db/functions/calls.js';
import { fromJsonRow } from '../../db/rows.js';
import { messages } from '../../db/schema/index.js';
import type { EventBuilder } from '../../realtime/hub.js';
import { publishBuiltSafely } from '../../realtime/publish.js';
import { profileInfoOf, toMessageRecord, typeOf, type ProfileInfoRow } from './serialize.js';

/** The realtime hub's name for a reply's rows. */
export const AGENT_REPLY_EVENTS = 'agentReply';

/** docs/product.md#messaging newMessage carries a long text as a preview; the member's client pulls the whole message. */
const PREVIEW_CHARS = 1000;
/** The preview, JSON-escaped, in bytes at most, so the NOTIFY that carries it stays far below PostgreSQL's 8000. */
const PREVIEW_BYTES = 3000;

/** The reply's text as the member may read it in the live event: contacts masked, then cut to the preview. */
export function memberPreview(text: string): { text: string; partial: boolean } {
  const masked = maskContacts(text);
  let preview = masked.length > PREVIEW_CHARS ? masked.slice(0, PREVIEW_CHARS) : masked;
  // Text that escapes to many bytes (control characters take six, most scripts three) is cut shorter.
  for (let bytes = jsonBytes(preview); bytes > PREVIEW_BYTES; bytes = jsonBytes(preview)) {
    preview = preview.slice(0, Math.floor((preview.length * PREVIEW_BYTES) / bytes));
  }
  // A cut never leaves half of a surrogate pair (an emoji) behind.
  if (preview.length < masked.length && /[\uD800-\uDBFF]$/.test(preview)) preview = preview.slice(0, -1);
  return { text: preview, partial: preview.length < masked.length };
}

function jsonBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text));
}

/** What a reply publishes: its rows as the member's events need them. */
interface ReplyNotice {
  /** The message row without its text. */
  message: Record<string, unknown>;
  memberText: string;
  partial: boolean;
  conversation: { id: string; user_id: string; profile_id: string; archived: boolean; has_user_message: boolean; unread_by_user: number };
  profile: ProfileInfoRow;
  unread: UnreadCounts;
}

/**
 * The member's live events of a reply (docs/product.md#messaging): newMessage (conversation, message, profile) and
 * unreadMessageCount. Registered with the realtime hub in every API process (deps.ts): whichever holds the
 * member's sockets formats them.
 */
export const agentReplyEvents: EventBuilder = (data) => {
  const notice = data as ReplyNotice;
  const conversation = notice.conversation;
  // Read as 'staff': the text is already the member's preview, masked before the call.
  const message = toMessageRecord(fromJsonRow(messages, { ...notice.message, message: notice.memberText }), 'staff');
  const profile = profileInfoOf(notice.profile).summary;
  return [
    {
      event: 'newMessage',
      conversation: {
        _id: conversation.id,
        profileId: conversation.profile_id,
        archived: conversation.archived,
        unread: conversation.unread_by_user,
        type: typeOf({ archived: conversation.archived, hasUserMessage: conversation.has_user_message }),
      },
      message: notice.partial ? { ...message, partial: true } : message,
      profile,
    },
    { event: 'unreadMessageCount', count: notice.unread.total, ...notice.unread },
  ];
};

/** Sends the member's events of a reply that committed (a failure is logged, never fails the reply). */
export async function publishReplyEvents(deps: Pick<AppDeps, 'realtime'>, rows: ReplyRows) {
  const { message: text, ...message } = rows.message;
  const preview = memberPreview(text as string);
  const c = rows.conversation;
  const notice: ReplyNotice = {
    message,
    memberText: preview.text,
    partial: preview.partial,
    conversation: {
      id: c.id as string,
      user_id: c.user_id as string,
      profile_id: c.profile_id as string,
      archived: c.archived as boolean,
      has_user_message: c.has_user_message as boolean,
      unread_by_user: c.unread_by_user as number,
    },
    profile: rows.profile,
    unread: rows.unread,
  };
  await publishBuiltSafely(deps, AGENT_REPLY_EVENTS, `user:${notice.conversation.user_id}`, notice);
}
