/** The mirror's key space. Server-owned keys come and go with pulls; drafts stay on the device. */

export const CREDITS_KEY = 'user/credits';
/** The profile ids the member blocked, sent with every pull like the credits: sends to them are refused offline too. */
export const BLOCKED_KEY = 'user/blocked';
export const CONVERSATION_PREFIX = 'conversation/';
export const MESSAGE_PREFIX = 'message/';
export const DRAFT_PREFIX = 'draft/';

/** What a pull may replace: everything but drafts. */
export const SERVER_PREFIXES = [CONVERSATION_PREFIX, MESSAGE_PREFIX, 'user/'] as const;

export const conversationKey = (id: string) => `${CONVERSATION_PREFIX}${id}`;
export const messagePrefix = (conversationId: string) => `${MESSAGE_PREFIX}${conversationId}/`;
export const messageKey = (conversationId: string, id: string) => `${messagePrefix(conversationId)}${id}`;
export const draftKey = (profileId: string) => `${DRAFT_PREFIX}${profileId}`;

/** The id a conversation started from 'blank' has on the device until the server's conversation arrives. */
const LOCAL_PREFIX = 'local-';
export const localConversationId = (profileId: string) => `${LOCAL_PREFIX}${profileId}`;
/** The profile id inside a local conversation id, or undefined for any other id. */
export const profileOfLocalId = (id: string) => (id.startsWith(LOCAL_PREFIX) ? id.slice(LOCAL_PREFIX.length) : undefined);
