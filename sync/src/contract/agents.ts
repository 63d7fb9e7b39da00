/**
 * docs/api.md#agents: the agent console's payloads (docs/product.md#data agent, agent conversation wrapper, memo, meet-up,
 * stock queue, lookup filters, agent status event; docs/product.md#agent-session agent session; docs/product.md#constants). Dates travel as ISO
 * strings; the web normalises legacy `{ $date }` / `{ $oid }` forms on its side.
 */
import { z } from 'zod';
import { pagingQuery, statusParam } from './query.js';
import { text } from './text.js';
import { uuidSchema as uuid } from '../rules/ids.js';
import { EMAIL_MAX } from '../rules/validators.js';
import { genders } from './auth.js';
import { agentRoles, agentStatuses, bodyTypes, ethnicities, eyeColors, hairColors, image, profile, relationshipStatuses } from './entities.js';
import { MESSAGE_MAX_LENGTH, messageRecord } from './messaging.js';
import { storableInstant } from './fields.js';
import { t } from '../texts.js';

// ---------- docs/product.md#constants ----------

/** A claim lasts this long from claimTime. */
export const CLAIM_LIFETIME_MS = 300_000;
/** One pause per hour: the break-interval lockout. */
export const BREAK_INTERVAL_MS = 3_600_000;
export const QUEUE_REFRESH_MS = 3_000;
export const AGENT_CONVERSATION_REFRESH_MS = 3_000;
export const SESSION_RESTORE_CHECK_MS = 5_000;
export const SESSION_RESTORE_STALE_MS = 10_000;
export const AGENT_SOCKET_RETRIES = 6;
export const AGENT_SOCKET_RETRY_MS = 10_000;

const isoDate = text();

// ---------- Agent ----------

// One list of statuses and roles for the console and the entities of docs/product.md#data.
export { agentRoles, agentStatuses, type AgentRole, type AgentStatus } from './entities.js';

/** A scope entry: `COUNTRY-domain` (docs/product.md#constants), e.g. `US-localhost`. */
export const scopeEntry = text().regex(/^[A-Z]{2}-[a-z0-9.-]+$/, 'A scope is COUNTRY-domain, e.g. US-example.com');

/** docs/product.md#data agent (GET /api/agents rows, the agent's own record). */
export const agent = z.object({
  _id: text(),
  type: z.literal('agent'),
  createDate: isoDate,
  updateDate: isoDate,
  status: z.enum(agentStatuses),
  statusLastUpdate: isoDate,
  email: text(),
  firstName: text(),
  lastName: text(),
  images: z.array(z.object({ _id: text(), url: text() })),
  scope: z.array(text()),
  role: z.enum(agentRoles),
  /** Claims the agent may hold at once. */
  maxClaims: z.number().int(),
});
export type Agent = z.infer<typeof agent>;

/** POST /api/agent (admin). */
export const MAX_CLAIMS_RANGE = t('agent.max-claims-range');
const maxClaimsField = z.number(MAX_CLAIMS_RANGE).int(MAX_CLAIMS_RANGE).min(1, MAX_CLAIMS_RANGE).max(100, MAX_CLAIMS_RANGE);

export const createAgentBody = z.object({
  email: text().trim().max(EMAIL_MAX).email('Please enter a valid email address'),
  password: text().min(8, 'The password must contain at least 8 symbols').max(200),
  firstName: text().trim().min(1, 'Required').max(100),
  lastName: text().trim().min(1, 'Required').max(100),
  role: z.enum(agentRoles).default('agent'),
  scope: z.array(scopeEntry).max(500).default([]),
  maxClaims: maxClaimsField.default(3),
});
export type CreateAgentBody = z.infer<typeof createAgentBody>;

/** PATCH /api/agent/{id} (admin): any subset; `status: "offline"` ends the agent's session and break. */
export const updateAgentBody = z
  .object({
    email: text().trim().max(EMAIL_MAX).email('Please enter a valid email address'),
    password: text().min(8, 'The password must contain at least 8 symbols').max(200),
    firstName: text().trim().min(1, 'Required').max(100),
    lastName: text().trim().min(1, 'Required').max(100),
    role: z.enum(agentRoles),
    scope: z.array(scopeEntry).max(500),
    status: z.enum(agentStatuses),
    maxClaims: maxClaimsField,
  })
  .partial()
  .strict();
export type UpdateAgentBody = z.infer<typeof updateAgentBody>;

// ---------- Session and breaks ----------

/**
 * POST /api/event (docs/product.md#data agent status event). `status` drives the transition: online starts (or resumes
 * from a break), paused starts a break (needs `reason`), offline stops. `event` and `queue` are echoed.
 */
export const agentStatusEventBody = z.object({
  queue: text().max(100).default('agents'),
  message: z.object({
    event: text().min(1).max(64).default('agentStatusUpdate'),
    status: z.enum(agentStatuses),
    reason: text().trim().max(200).optional(),
  }),
});
export type AgentStatusEventBody = z.infer<typeof agentStatusEventBody>;

/** docs/product.md#data session state (agent) as the server knows it: answer of POST/GET /api/event and the socket event. */
export const agentSessionState = z.object({
  status: z.enum(agentStatuses),
  statusLastUpdate: isoDate,
  session: z.object({ _id: text(), startDate: isoDate }).nullable(),
  break: z.object({ _id: text(), reason: text(), startDate: isoDate }).nullable(),
  /** When the last pause started; the next is allowed BREAK_INTERVAL_MS later. */
  lastBreakStart: isoDate.nullable(),
  /** Milliseconds until a pause is allowed again (0: allowed now). */
  breakIntervalLeftMs: z.number().int().min(0),
});
export type AgentSessionState = z.infer<typeof agentSessionState>;

/** Socket frame `{ event: "agentStatusUpdate", ... }` sent to every socket of the agent. */
export const agentStatusUpdateEvent = agentSessionState.extend({
  event: z.literal('agentStatusUpdate'),
  agentId: text(),
  reason: text().nullable(),
});
export type AgentStatusUpdateEvent = z.infer<typeof agentStatusUpdateEvent>;

// ---------- Stocks and claims ----------

export const stockKinds = ['message', 'follow-up', 'meet-up'] as const;
export type StockKind = (typeof stockKinds)[number];

/** GET /api/queue: unclaimed conversations waiting in each stock of the agent's scope. */
export const queueCounts = z.object({
  MessageStock: z.number().int().min(0),
  FollowUpStock: z.number().int().min(0),
  MeetUpStock: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type QueueCounts = z.infer<typeof queueCounts>;

// ---------- Memos ----------

export const memoTypes = ['user', 'profile'] as const;
export type MemoType = (typeof memoTypes)[number];

/** docs/product.md#data memo. On a conversation (`conversationId`), or across conversations on a user / profile. */
export const memo = z.object({
  _id: text(),
  note: text(),
  type: z.enum(memoTypes),
  archived: z.boolean(),
  global: z.boolean(),
  conversationId: text().nullable(),
  /** users.id for type user, profiles.id for type profile (the memo payload's userProfileID, docs/product.md#data). */
  userProfileId: text().nullable(),
  agentId: text().nullable(),
  createDate: isoDate,
  updateDate: isoDate,
});
export type Memo = z.infer<typeof memo>;

export const MEMO_MAX_LENGTH = 2000;
const noteText = text().trim().min(1, 'Required').max(MEMO_MAX_LENGTH, `The note must contain at most ${MEMO_MAX_LENGTH} symbols`);

/** POST /api/conversation/{id}/note. */
export const conversationMemoBody = z.object({ note: noteText, type: z.enum(memoTypes) });
/** POST /api/{type}/{userProfileID}/note (type user: a member's user id; profile: a profile id). */
export const globalMemoBody = z.object({ note: noteText });
/** PATCH …/note/{noteID}. */
export const updateMemoBody = z.object({ note: noteText.optional(), archived: z.boolean().optional() }).strict();

// ---------- Meet-ups ----------

export const meetStatuses = ['proposed', 'confirmed', 'cancelled', 'done'] as const;
export type MeetStatus = (typeof meetStatuses)[number];

/** docs/product.md#data meet-up (`id` as docs/product.md spells it; `_id` the same value). */
export const meetUp = z.object({
  id: text(),
  _id: text(),
  meetDate: isoDate,
  meetStatus: text(),
  location: text(),
  /** Hours before meetDate at which the profile cancels. */
  cancelInterval: z.number().int(),
  description: text(),
  archived: z.boolean(),
  cancelDate: isoDate.nullable(),
  createDate: isoDate,
  updateDate: isoDate,
});
export type MeetUp = z.infer<typeof meetUp>;

const meetFields = {
  meetDate: z.iso.datetime({ offset: true, message: 'Incorrect date format' }).refine(storableInstant, 'Incorrect date format'),
  meetStatus: z.enum(meetStatuses),
  location: text().trim().max(200),
  cancelInterval: z.number().int().min(0).max(24 * 30),
  description: text().trim().max(2000),
};
/** POST /api/conversation/{id}/meet-up. */
export const createMeetUpBody = z.object({
  meetDate: meetFields.meetDate,
  meetStatus: meetFields.meetStatus.default('proposed'),
  location: meetFields.location.default(''),
  cancelInterval: meetFields.cancelInterval.default(24),
  description: meetFields.description.default(''),
});
/** PATCH /api/conversation/{id}/meet-up/{meetupId}: edit, or cancel with `cancelConfirm: true`. */
export const updateMeetUpBody = z
  .object({ ...meetFields, cancelConfirm: z.boolean() })
  .partial()
  .strict();
export type CreateMeetUpBody = z.infer<typeof createMeetUpBody>;
export type UpdateMeetUpBody = z.infer<typeof updateMeetUpBody>;

// ---------- The agent conversation ----------

/** The member side as staff see it (docs/product.md#data: _id, birthday, createDate, updateDate). */
export const staffUser = z.object({
  _id: text(),
  username: text(),
  birthday: text(),
  age: z.number().int(),
  gender: text(),
  country: text(),
  isPremium: z.boolean(),
  credits: z.number().int(),
  createDate: isoDate,
  updateDate: isoDate,
  activityDate: isoDate.nullable(),
  /** The member's profile id (photos, memos of type profile are on fictive profiles only). */
  profileId: text().nullable(),
  location: z.record(text(), z.unknown()),
  aboutMe: text(),
  images: z.array(image),
  /** Interest tags of the member's profile (as the profile contract names them). */
  lookingFor: z.array(text()),
  /** Whom the member looks for (sign-up's lookingFor) and the age range of their profile. */
  lookingForGender: text(),
  lookingForAgeMin: z.number().int().nullable(),
  lookingForAgeMax: z.number().int().nullable(),
  /** The member's IANA timezone (their brand's at sign-up): the console shows their local time from it. */
  timezone: text(),
});
export type StaffUser = z.infer<typeof staffUser>;

/** The fictive profile side (docs/product.md#data: plus activityDate). */
export const staffProfile = z.object({
  _id: text(),
  username: text(),
  birthday: text(),
  age: z.number().int(),
  gender: text(),
  createDate: isoDate,
  updateDate: isoDate,
  activityDate: isoDate.nullable(),
  location: z.record(text(), z.unknown()),
  aboutMe: text(),
  images: z.array(image),
  // The persona's facts, as a member sees them on the card (issue 16: the agent replies in character).
  bodyType: z.enum(bodyTypes).nullable(),
  ethnicity: z.enum(ethnicities).nullable(),
  hairColor: z.enum(hairColors).nullable(),
  eyeColor: z.enum(eyeColors).nullable(),
  /** cm */
  height: z.number().int().nullable(),
  relationshipStatus: z.enum(relationshipStatuses).nullable(),
  /** Interest tags. */
  lookingFor: z.array(text()),
  lookingForAgeMin: z.number().int().nullable(),
  lookingForAgeMax: z.number().int().nullable(),
});
export type StaffProfile = z.infer<typeof staffProfile>;

/** GET /api/conversation/{id} for staff, and the `conversation` of the claim wrapper. Messages are originals. */
export const agentConversation = z.object({
  _id: text(),
  createDate: isoDate,
  updateDate: isoDate,
  domain: text(),
  stock: z.enum(stockKinds).nullable(),
  stockDate: isoDate.nullable(),
  /** The live claim, if any; `agentName` (the lookup view) says who holds it before an admin replies. */
  claim: z.object({ agentId: text(), agentName: text().optional(), claimTime: isoDate, expiryTime: isoDate }).nullable(),
  user: staffUser,
  profile: staffProfile,
  /** Newest first, a chunk (`?before=&limit=` pages back); `hasMore` tells whether older ones exist. */
  messages: z.array(messageRecord),
  hasMore: z.boolean(),
  /** Memos of type user: on this conversation, then the member's global ones. */
  userNotes: z.array(memo),
  /** Memos of type profile: on this conversation, then the profile's global ones. */
  profileNotes: z.array(memo),
  meetUps: z.array(meetUp),
});
export type AgentConversation = z.infer<typeof agentConversation>;

/** GET /api/claim (docs/product.md#data agent conversation wrapper). The claim expires CLAIM_LIFETIME_MS after claimTime. */
export const claimWrapper = z.object({
  claimTime: isoDate,
  /** When the conversation entered its stock (how long the member has waited). */
  postTime: isoDate,
  expiryTime: isoDate,
  stock: z.enum(stockKinds),
  conversation: agentConversation,
});
export type ClaimWrapper = z.infer<typeof claimWrapper>;

/** GET /api/claims: every claim the agent holds now, oldest first, and how many it may hold at once. */
export const heldClaims = z.object({
  data: z.array(claimWrapper),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(0),
  /** The agent's cap (admins change it): the console offers Claim next below it. */
  maxClaims: z.number().int().min(1),
  /** The server's clock as it answered: tabs count down from the server's expiry whatever their own clock says. */
  now: isoDate,
});
export type HeldClaims = z.infer<typeof heldClaims>;

/**
 * Socket `claimStarted`, to every socket of the agent who claimed: each of their tabs lists the claim at once,
 * whichever tab took it. Names only (the frame stays small); a tab that opens it reads the conversation.
 */
export const claimStartedEvent = z.object({
  event: z.literal('claimStarted'),
  conversationId: text(),
  claimTime: isoDate,
  expiryTime: isoDate,
  stock: z.enum(stockKinds),
  memberName: text(),
  profileName: text(),
});
export type ClaimStartedEvent = z.infer<typeof claimStartedEvent>;

/**
 * Why a held claim ended (socket `claimEnded`): the agent's own reply or release (their other tabs drop it
 * quietly), or someone else's reply (said, never punished).
 */
export const claimEndedReasons = ['replied', 'released', 'replied-by-other'] as const;
export type ClaimEndedReason = (typeof claimEndedReasons)[number];
export const claimEndedEvent = z.object({ event: z.literal('claimEnded'), conversationId: text(), reason: z.enum(claimEndedReasons) });
export type ClaimEndedEvent = z.infer<typeof claimEndedEvent>;

/** The agent's reply (POST /api/conversation/{id}/message or /api/stock/{id}/reply): see agentReplyBody in messaging.ts. */
export const stockReplyBody = z.object({
  messageType: z.enum(['text', 'attachment']).default('text'),
  message: text().max(MESSAGE_MAX_LENGTH).default(''),
  attachment: uuid.nullish(),
  lastMessageId: uuid.nullish(),
  admin: z.boolean().optional(),
});

// ---------- Lookup ----------

export const lookupSorts = ['recent', 'oldest'] as const;
const dateParam = text().refine(storableInstant, 'Incorrect date format');

/** GET /api/conversations for staff (docs/product.md#data lookup filters). Username filters match a case-insensitive substring. */
export const lookupQuery = pagingQuery(20).extend({
  sortBy: statusParam(lookupSorts, 'recent'),
  /** Last message sent before / after (ISO date or date-time). */
  sentBefore: dateParam.optional(),
  sentAfter: dateParam.optional(),
  /** First name, last name, "first last" or email of the agent who last replied. */
  agentName: text().trim().max(100).optional(),
  realUsername: text().trim().max(100).optional(),
  fictiveUsername: text().trim().max(100).optional(),
  /** The brand's domain, exact. */
  domain: text().trim().max(200).optional(),
});
export type LookupQuery = z.infer<typeof lookupQuery>;

/** One row of the lookup list; `{ data, total, page, limit }` around them. */
export const lookupRow = z.object({
  _id: text(),
  createDate: isoDate,
  updateDate: isoDate,
  domain: text(),
  lastMessageDate: isoDate.nullable(),
  stock: z.enum(stockKinds).nullable(),
  claimed: z.boolean(),
  /** The live claim: who holds it and until when, so an admin sees it before opening (and replying to) the conversation. */
  claim: z.object({ agentId: text(), agentName: text(), expiryTime: isoDate }).nullable(),
  user: z.object({ _id: text(), username: text(), country: text() }),
  profile: z.object({ _id: text(), username: text(), avatar: text().nullable() }),
  lastAgent: z.object({ _id: text(), name: text() }).nullable(),
  lastMessage: messageRecord.nullable(),
});
export type LookupRow = z.infer<typeof lookupRow>;

// ---------- Admin report ----------

/** GET /api/admin/report?from=YYYY-MM-DD&to=YYYY-MM-DD (inclusive days, UTC). */
/** A report day: the range ends where the day after `to` starts, so that day must be one PostgreSQL takes too (years 1 to 9999). */
const reportDay = z.iso.date('Incorrect date format').refine((day) => day >= '0001-01-01' && day < '9999-12-31', 'Incorrect date format');
export const reportQuery = z.object({ from: reportDay, to: reportDay });
export const reportRow = z.object({
  agentId: text(),
  name: text(),
  email: text(),
  messagesSent: z.number().int(),
  /** Member message → the agent's reply, over replies in the range; null without replies. */
  replyTimeMedianMs: z.number().nullable(),
  replyTimeP90Ms: z.number().nullable(),
  claims: z.number().int(),
  claimsExpired: z.number().int(),
  breaks: z.number().int(),
  breakMs: z.number().int(),
  /** Time in a session and not on a break, within the range (an open session or break counts up to now). */
  onlineMs: z.number().int(),
  /** messagesSent per hour of onlineMs, two decimals; null without online time. */
  repliesPerHour: z.number().nullable(),
});
export const report = z.object({ from: text(), to: text(), agents: z.array(reportRow) });
export type ReportRow = z.infer<typeof reportRow>;
export type Report = z.infer<typeof report>;

// ---------- Supervisor board (admin) ----------

/** One claim an agent holds now, on the board. */
export const boardClaim = z.object({
  conversationId: text(),
  stock: z.enum(stockKinds).nullable(),
  claimTime: isoDate,
  expiryTime: isoDate,
  member: text(),
  profile: text(),
});
/** One agent on the board: status, the open session and break, and the live claims (oldest first). */
export const boardAgent = z.object({
  agentId: text(),
  name: text(),
  email: text(),
  role: z.enum(agentRoles),
  status: z.enum(agentStatuses),
  statusLastUpdate: isoDate,
  maxClaims: z.number().int(),
  session: z.object({ startDate: isoDate }).nullable(),
  break: z.object({ reason: text(), startDate: isoDate }).nullable(),
  claims: z.array(boardClaim),
});
/**
 * GET /api/admin/board: every agent, online first, then on a break, then offline. `now` is the server's clock,
 * so the board's timers count from the server's instant, not the browser's.
 */
export const supervisorBoard = z.object({ now: isoDate, agents: z.array(boardAgent) });
export type BoardAgent = z.infer<typeof boardAgent>;
export type BoardClaim = z.infer<typeof boardClaim>;
export type SupervisorBoard = z.infer<typeof supervisorBoard>;

// ---------- Fictive profiles (admin) ----------

const fictiveFields = {
  /** The brand the profile belongs to (it is shown on that brand's site only). */
  brandId: uuid,
  username: text().trim().regex(/^[A-Za-z0-9_]{3,30}$/, 'The username must be 3 to 30 characters: letters, numbers and underscores only'),
  gender: z.enum(genders),
  birthDate: z.iso.date('Incorrect date format'),
  bodyType: z.enum(bodyTypes).nullable(),
  ethnicity: z.enum(ethnicities).nullable(),
  hairColor: z.enum(hairColors).nullable(),
  eyeColor: z.enum(eyeColors).nullable(),
  /** cm */
  height: z.number().int().min(120).max(230).nullable(),
  relationshipStatus: z.enum(relationshipStatuses).nullable(),
  aboutMe: text().trim().max(2000),
  /** Interest tags. */
  lookingFor: z.array(text().trim().min(1).max(40)).max(20),
  lookingForAgeMin: z.number().int().min(18).max(100).nullable(),
  lookingForAgeMax: z.number().int().min(18).max(100).nullable(),
  location: z.object({
    country: text().regex(/^[A-Z]{2}$/, 'A two-letter country code'),
    city: text().trim().max(100).optional(),
    state: text().trim().max(100).optional(),
    zip: text().trim().max(20).optional(),
  }),
  isFeatured: z.boolean(),
  isPremium: z.boolean(),
  /** Whether a member's like becomes a match. */
  matchOnLike: z.boolean(),
  /** Inactive profiles are hidden from members. */
  active: z.boolean(),
};

/** POST /api/admin/profile. */
export const createFictiveBody = z.object({
  ...fictiveFields,
  bodyType: fictiveFields.bodyType.default(null),
  ethnicity: fictiveFields.ethnicity.default(null),
  hairColor: fictiveFields.hairColor.default(null),
  eyeColor: fictiveFields.eyeColor.default(null),
  height: fictiveFields.height.default(null),
  relationshipStatus: fictiveFields.relationshipStatus.default(null),
  aboutMe: fictiveFields.aboutMe.default(''),
  lookingFor: fictiveFields.lookingFor.default([]),
  lookingForAgeMin: fictiveFields.lookingForAgeMin.default(null),
  lookingForAgeMax: fictiveFields.lookingForAgeMax.default(null),
  isFeatured: fictiveFields.isFeatured.default(false),
  isPremium: fictiveFields.isPremium.default(false),
  matchOnLike: fictiveFields.matchOnLike.default(true),
  active: fictiveFields.active.default(true),
});
/** PATCH /api/admin/profile/{id}: any subset. */
export const updateFictiveBody = z.object(fictiveFields).partial().strict();
export type CreateFictiveBody = z.infer<typeof createFictiveBody>;
export type UpdateFictiveBody = z.infer<typeof updateFictiveBody>;

/** A fictive profile as admins manage it: every field, its brand's domain and its whole gallery. */
export const fictiveProfile = z.object({
  _id: text(),
  brandId: text(),
  domain: text(),
  username: text(),
  gender: z.enum(genders),
  birthDate: text(),
  age: z.number().int(),
  // The descriptive fields exactly as members see them on a card.
  ...profile.pick({
    bodyType: true,
    ethnicity: true,
    hairColor: true,
    eyeColor: true,
    height: true,
    relationshipStatus: true,
    aboutMe: true,
    lookingFor: true,
  }).shape,
  lookingForAgeMin: z.number().nullable(),
  lookingForAgeMax: z.number().nullable(),
  location: z.record(text(), z.unknown()),
  isFeatured: z.boolean(),
  isPremium: z.boolean(),
  matchOnLike: z.boolean(),
  active: z.boolean(),
  images: z.array(image),
  createDate: isoDate,
  updateDate: isoDate,
});
export type FictiveProfile = z.infer<typeof fictiveProfile>;

/** GET /api/admin/profiles query. */
export const fictiveListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: text().trim().max(100).optional(),
  brandId: uuid.optional(),
});

/** docs/product.md#errors-and-texts pause lockout `{time}`: minutes and seconds left, mm:ss. */
export function formatLockout(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
