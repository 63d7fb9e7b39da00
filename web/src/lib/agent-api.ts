/**
 * The agent console's calls (docs/api.md#agents). Polled reads pass
 * `loader: false`: the console refreshes every 3 s and must not flash the page loader.
 */
import type {
  Agent,
  AgentConversation,
  AgentSessionState,
  ClaimWrapper,
  HeldClaims,
  CreateAgentBody,
  CreateFictiveBody,
  FictiveProfile,
  CreateMeetUpBody,
  LookupQuery,
  LookupRow,
  Memo,
  MemoType,
  MeetUp,
  QueueCounts,
  Report,
  SupervisorBoard,
  UpdateAgentBody,
  UpdateFictiveBody,
  UpdateMeetUpBody,
} from '@sync/contract/agents';
import type { MessageRecord } from '@sync/contract/messaging';
import { call, pathParams, rpc, via } from './rpc';
import { getRuntimeConfig, type Brand } from './runtime-config';

export interface ListPage<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}

/** POST /api/event: online starts or resumes, paused starts a break (with a reason), offline stops. */
export function postAgentStatus(status: 'online' | 'offline' | 'paused', reason?: string): Promise<AgentSessionState | undefined> {
  return call(rpc.event.$post({ json: { queue: 'agents', message: { event: 'agentStatusUpdate', status, ...(reason ? { reason } : {}) } } }, via({ loader: false })));
}

export function fetchQueue(signal?: AbortSignal): Promise<QueueCounts> {
  return call(rpc.queue.$get(undefined, via({ loader: false, ...(signal ? { signal } : {}) })));
}

/** GET /api/event: the session state as the server knows it (the lockout after a reload). */
export function fetchAgentStatus(): Promise<AgentSessionState> {
  return call(rpc.event.$get(undefined, via({ loader: false })));
}

/** GET /api/claims: every claim the agent holds, its maxClaims and the server's clock (each tab's claims list). */
export function fetchLiveClaims(): Promise<HeldClaims> {
  return call(rpc.claims.$get(undefined, via({ loader: false })));
}

/** GET /api/claim: the claim wrapper, or null when nothing is stocked (204). */
export async function claimNext(): Promise<ClaimWrapper | null> {
  const claim: ClaimWrapper | undefined = await call(rpc.claim.$get(undefined, via({ loader: false })));
  return claim ?? null;
}

/**
 * Members and staff share a few paths and each get their own answer (decision 0044): the staff answer is the
 * variant of the route's answer (AppType) that carries `key`, so a staff answer changed on the server fails the
 * typecheck of the function returning it.
 */
function isStaffView<A extends object, K extends string>(answer: A, key: K): answer is Extract<A, Record<K, unknown>> {
  return key in answer;
}

/** GET /api/conversation/{id} answers staff the conversation with its memos and meet-ups (members get their own view). */
export async function fetchAgentConversation(id: string, signal?: AbortSignal, limit = 50): Promise<AgentConversation> {
  const answer = await call(rpc.conversation[':id'].$get({ param: pathParams({ id }), query: { limit: String(limit) } }, via({ loader: false, ...(signal ? { signal } : {}) })));
  // Only the staff view says who holds the claim (both carry memo lists, the member's empty).
  if (!isStaffView(answer, 'claim')) throw new Error('GET /conversation/{id} answered the member view to a staff token');
  return answer;
}

export interface AgentReply {
  messageType: 'text' | 'attachment';
  message: string;
  attachment?: string | null;
  lastMessageId: string | null;
  admin?: boolean;
}

/** Gives a held conversation back to its stock (POST /api/claims/{id}/release). */
export function releaseClaim(conversationId: string): Promise<unknown> {
  return call(rpc.claims[':id'].release.$post({ param: pathParams({ id: conversationId }) }));
}

/** POST /api/conversation/{id}/message as the fictive profile (or as admin): 409 new-messages when stale. */
export async function sendAgentReply(conversationId: string, reply: AgentReply): Promise<{ message: MessageRecord }> {
  const answer = await call(rpc.conversation[':id'].message.$post({ param: pathParams({ id: conversationId }), json: reply }, via({ loader: false })));
  // A member's send answers their credits, staff's reply the conversation.
  if (!isStaffView(answer, 'conversation')) throw new Error('POST /conversation/{id}/message answered a member send to a staff token');
  return answer;
}

/** POST /api/profile/{id}/upload: one message image owned by the fictive profile. */
export function uploadAttachment(profileId: string, file: File): Promise<{ images: { _id: string }[] }> {
  return call(rpc.profile[':id'].upload.$post({ param: pathParams({ id: profileId }), form: { type: 'message', files: file } }, via({ loader: false })));
}

/** A view or favourite of the member on behalf of the fictive profile (the member sees it in Interests). */
export function profileViewsMember(profileId: string, userId: string): Promise<{ viewed: boolean; count: number }> {
  return call(rpc.profile[':id']['view-member'].$post({ param: pathParams({ id: profileId }), json: { userId } }, via({ loader: false })));
}
export function profileFavouritesMember(profileId: string, userId: string, remove = false): Promise<{ favorite: boolean }> {
  return call(rpc.profile[':id']['favourite-member'].$post({ param: pathParams({ id: profileId }), json: { userId, ...(remove ? { remove } : {}) } }, via({ loader: false })));
}

// ---------- memos ----------

export function addConversationMemo(conversationId: string, type: MemoType, note: string): Promise<Memo> {
  return call(rpc.conversation[':id'].note.$post({ param: pathParams({ id: conversationId }), json: { note, type } }, via({ loader: false })));
}
export function updateConversationMemo(conversationId: string, noteId: string, note: string): Promise<Memo> {
  return call(rpc.conversation[':id'].note[':noteId'].$patch({ param: pathParams({ id: conversationId, noteId }), json: { note } }, via({ loader: false })));
}
export function removeConversationMemo(conversationId: string, noteId: string): Promise<unknown> {
  return call(rpc.conversation[':id'].note[':noteId'].$delete({ param: pathParams({ id: conversationId, noteId }) }, via({ loader: false })));
}
/** Global memos: on the member (type user, their user id) or the profile (type profile, its id). */
export function addGlobalMemo(type: MemoType, userProfileId: string, note: string): Promise<Memo> {
  return call(rpc[':type'][':subjectId'].note.$post({ param: pathParams({ type, subjectId: userProfileId }), json: { note } }, via({ loader: false })));
}
export function updateGlobalMemo(type: MemoType, userProfileId: string, noteId: string, note: string): Promise<Memo> {
  return call(rpc[':type'][':subjectId'].note[':noteId'].$patch({ param: pathParams({ type, subjectId: userProfileId, noteId }), json: { note } }, via({ loader: false })));
}
export function removeGlobalMemo(type: MemoType, userProfileId: string, noteId: string): Promise<unknown> {
  return call(rpc[':type'][':subjectId'].note[':noteId'].$delete({ param: pathParams({ type, subjectId: userProfileId, noteId }) }, via({ loader: false })));
}

// ---------- meet-ups ----------

export function addMeetUp(conversationId: string, body: CreateMeetUpBody): Promise<MeetUp> {
  return call(rpc.conversation[':id']['meet-up'].$post({ param: pathParams({ id: conversationId }), json: body }, via({ loader: false })));
}
export function updateMeetUp(conversationId: string, meetUpId: string, body: UpdateMeetUpBody): Promise<MeetUp> {
  return call(rpc.conversation[':id']['meet-up'][':meetupId'].$patch({ param: pathParams({ id: conversationId, meetupId: meetUpId }), json: body }, via({ loader: false })));
}
export function cancelMeetUp(conversationId: string, meetUpId: string): Promise<MeetUp> {
  return updateMeetUp(conversationId, meetUpId, { cancelConfirm: true });
}
export function deleteMeetUp(conversationId: string, meetUpId: string): Promise<unknown> {
  return call(rpc.conversation[':id']['meet-up'][':meetupId'].$delete({ param: pathParams({ id: conversationId, meetupId: meetUpId }) }, via({ loader: false })));
}

// ---------- lookup ----------

export type LookupFilters = Partial<LookupQuery>;

/** GET /api/conversations with the lookup's query: staff get the lookup (members their own list, on the same path). */
export async function lookupConversations(filters: LookupFilters, signal?: AbortSignal): Promise<ListPage<LookupRow>> {
  const { page, limit, ...named } = filters;
  const query = { ...named, page: page === undefined ? undefined : String(page), limit: limit === undefined ? undefined : String(limit) };
  const answer = await call(rpc.conversations.$get({ query }, via({ loader: false, ...(signal ? { signal } : {}) })));
  if (!isLookupPage(answer)) throw new Error('GET /conversations answered the member list to a staff token');
  return answer;
}

/** Both answers are pages: the lookup's is the one whose rows say who holds a claim. */
function isLookupPage<P extends { data: object[] }>(page: P): page is Extract<P, { data: { claimed: boolean }[] }> {
  return page.data.every((row) => isStaffView(row, 'claimed'));
}

// ---------- admin ----------

/** GET /api/agents: every agent and admin, by name (the route pages nothing: a team is a few dozen people). */
export function listAgents(): Promise<ListPage<Agent>> {
  return call(rpc.agents.$get());
}
export function createAgent(body: CreateAgentBody): Promise<Agent> {
  return call(rpc.agent.$post({ json: body }));
}
export function updateAgent(id: string, body: UpdateAgentBody): Promise<Agent> {
  return call(rpc.agent[':id'].$patch({ param: pathParams({ id }), json: body }));
}
export function fetchReport(from: string, to: string): Promise<Report> {
  return call(rpc.admin.report.$get({ query: { from, to } }));
}
/** GET /api/admin/board (refetched on every supervisorUpdate and on a timer: no page loader). */
export function fetchBoard(signal?: AbortSignal): Promise<SupervisorBoard> {
  return call(rpc.admin.board.$get(undefined, via({ loader: false, ...(signal ? { signal } : {}) })));
}

// ---------- fictive profiles (admin) ----------

export function listFictive(query: { page: number; limit: number; search?: string; brandId?: string }): Promise<ListPage<FictiveProfile>> {
  const { page, limit, search, brandId } = query;
  return call(rpc.admin.profiles.$get({ query: { page: String(page), limit: String(limit), search, brandId } }, via({ loader: false })));
}
export function createFictive(body: CreateFictiveBody): Promise<FictiveProfile> {
  return call(rpc.admin.profile.$post({ json: body }));
}
export function updateFictive(id: string, body: UpdateFictiveBody): Promise<FictiveProfile> {
  return call(rpc.admin.profile[':id'].$patch({ param: pathParams({ id }), json: body }));
}
/** Gallery photos (issue B's upload rules on the server): `avatar` replaces the avatar, `photo` adds up to 5. */
export function uploadFictivePhotos(id: string, type: 'avatar' | 'photo', files: File[]): Promise<FictiveProfile> {
  return call(rpc.admin.profile[':id'].photos.$post({ param: pathParams({ id }), form: { type, files } }));
}
export function deleteFictivePhoto(id: string, imageId: string): Promise<FictiveProfile> {
  return call(rpc.admin.profile[':id'].photos[':imageId'].$delete({ param: pathParams({ id, imageId }) }));
}
/** A brand of GET /api/brands, with the agent scopes it offers (COUNTRY-domain). */
export type ListedBrand = Brand & { scopes?: string[] };

/** The brand list (API-key call, docs/api.md#endpoints), for assigning a profile to a brand and agents to scopes. */
export async function listBrands(): Promise<ListedBrand[]> {
  const apiKey = getRuntimeConfig()?.apiKey;
  const answer: { data: ListedBrand[] } | ListedBrand[] = await call(rpc.brands.$get({ query: { limit: '100' } }, via({ auth: false, loader: false, ...(apiKey ? { apiKey } : {}) })));
  return Array.isArray(answer) ? answer : answer.data;
}
