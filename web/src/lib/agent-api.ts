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
import { api } from './api';
import { getRuntimeConfig, type Brand } from './runtime-config';

export interface ListPage<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}

const enc = encodeURIComponent;

/** POST /api/event: online starts or resumes, paused starts a break (with a reason), offline stops. */
export function postAgentStatus(status: 'online' | 'offline' | 'paused', reason?: string): Promise<AgentSessionState | undefined> {
  return api.post<AgentSessionState | undefined>(
    '/event',
    { queue: 'agents', message: { event: 'agentStatusUpdate', status, ...(reason ? { reason } : {}) } },
    { loader: false },
  );
}

export function fetchQueue(signal?: AbortSignal): Promise<QueueCounts> {
  return api.get<QueueCounts>('/queue', { loader: false, ...(signal ? { signal } : {}) });
}

/** GET /api/event: the session state as the server knows it (the lockout after a reload). */
export function fetchAgentStatus(): Promise<AgentSessionState> {
  return api.get<AgentSessionState>('/event', { loader: false });
}

/** GET /api/claims: every claim the agent holds, its maxClaims and the server's clock (each tab's claims list). */
export function fetchLiveClaims(): Promise<HeldClaims> {
  return api.get<HeldClaims>('/claims', { loader: false });
}

/** GET /api/claim: the claim wrapper, or null when nothing is stocked (204). */
export async function claimNext(): Promise<ClaimWrapper | null> {
  return (await api.get<ClaimWrapper | undefined>('/claim', { loader: false })) ?? null;
}

export function fetchAgentConversation(id: string, signal?: AbortSignal, limit = 50): Promise<AgentConversation> {
  return api.get<AgentConversation>(`/conversation/${enc(id)}`, { loader: false, query: { limit }, ...(signal ? { signal } : {}) });
}

export interface AgentReply {
  messageType: 'text' | 'attachment';
  message: string;
  attachment?: string | null;
  lastMessageId: string | null;
  admin?: boolean;
}

/** POST /api/conversation/{id}/message as the fictive profile (or as admin): 409 new-messages when stale. */
/** Gives a held conversation back to its stock (POST /api/claims/{id}/release). */
export function releaseClaim(conversationId: string): Promise<unknown> {
  return api.post(`/claims/${enc(conversationId)}/release`);
}
export function sendAgentReply(conversationId: string, reply: AgentReply): Promise<{ message: MessageRecord }> {
  return api.post<{ message: MessageRecord }>(`/conversation/${enc(conversationId)}/message`, reply, { loader: false });
}

/** POST /api/profile/{id}/upload: one message image owned by the fictive profile. */
export function uploadAttachment(profileId: string, file: File): Promise<{ images: { _id: string }[] }> {
  const form = new FormData();
  form.append('type', 'message');
  form.append('files', file);
  return api.post<{ images: { _id: string }[] }>(`/profile/${enc(profileId)}/upload`, form, { loader: false });
}

/** A view or favourite of the member on behalf of the fictive profile (the member sees it in Interests). */
export function profileViewsMember(profileId: string, userId: string): Promise<{ viewed: boolean; count: number }> {
  return api.post<{ viewed: boolean; count: number }>(`/profile/${enc(profileId)}/view-member`, { userId }, { loader: false });
}
export function profileFavouritesMember(profileId: string, userId: string, remove = false): Promise<{ favorite: boolean }> {
  return api.post<{ favorite: boolean }>(`/profile/${enc(profileId)}/favourite-member`, { userId, ...(remove ? { remove } : {}) }, { loader: false });
}

// ---------- memos ----------

export function addConversationMemo(conversationId: string, type: MemoType, note: string): Promise<Memo> {
  return api.post<Memo>(`/conversation/${enc(conversationId)}/note`, { note, type }, { loader: false });
}
export function updateConversationMemo(conversationId: string, noteId: string, note: string): Promise<Memo> {
  return api.patch<Memo>(`/conversation/${enc(conversationId)}/note/${enc(noteId)}`, { note }, { loader: false });
}
export function removeConversationMemo(conversationId: string, noteId: string): Promise<unknown> {
  return api.delete(`/conversation/${enc(conversationId)}/note/${enc(noteId)}`, { loader: false });
}
/** Global memos: on the member (type user, their user id) or the profile (type profile, its id). */
export function addGlobalMemo(type: MemoType, userProfileId: string, note: string): Promise<Memo> {
  return api.post<Memo>(`/${type}/${enc(userProfileId)}/note`, { note }, { loader: false });
}
export function updateGlobalMemo(type: MemoType, userProfileId: string, noteId: string, note: string): Promise<Memo> {
  return api.patch<Memo>(`/${type}/${enc(userProfileId)}/note/${enc(noteId)}`, { note }, { loader: false });
}
export function removeGlobalMemo(type: MemoType, userProfileId: string, noteId: string): Promise<unknown> {
  return api.delete(`/${type}/${enc(userProfileId)}/note/${enc(noteId)}`, { loader: false });
}

// ---------- meet-ups ----------

export function addMeetUp(conversationId: string, body: Partial<CreateMeetUpBody>): Promise<MeetUp> {
  return api.post<MeetUp>(`/conversation/${enc(conversationId)}/meet-up`, body, { loader: false });
}
export function updateMeetUp(conversationId: string, meetUpId: string, body: UpdateMeetUpBody): Promise<MeetUp> {
  return api.patch<MeetUp>(`/conversation/${enc(conversationId)}/meet-up/${enc(meetUpId)}`, body, { loader: false });
}
export function cancelMeetUp(conversationId: string, meetUpId: string): Promise<MeetUp> {
  return updateMeetUp(conversationId, meetUpId, { cancelConfirm: true });
}
export function deleteMeetUp(conversationId: string, meetUpId: string): Promise<unknown> {
  return api.delete(`/conversation/${enc(conversationId)}/meet-up/${enc(meetUpId)}`, { loader: false });
}

// ---------- lookup ----------

export type LookupFilters = Partial<LookupQuery>;

export function lookupConversations(filters: LookupFilters, signal?: AbortSignal): Promise<ListPage<LookupRow>> {
  return api.get<ListPage<LookupRow>>('/conversations', { query: { ...filters }, loader: false, ...(signal ? { signal } : {}) });
}

// ---------- admin ----------

export function listAgents(page = 1, limit = 100): Promise<ListPage<Agent>> {
  return api.get<ListPage<Agent>>('/agents', { query: { page, limit } });
}
export function createAgent(body: CreateAgentBody): Promise<Agent> {
  return api.post<Agent>('/agent', body);
}
export function updateAgent(id: string, body: UpdateAgentBody): Promise<Agent> {
  return api.patch<Agent>(`/agent/${enc(id)}`, body);
}
export function fetchReport(from: string, to: string): Promise<Report> {
  return api.get<Report>('/admin/report', { query: { from, to } });
}
/** GET /api/admin/board (refetched on every supervisorUpdate and on a timer: no page loader). */
export function fetchBoard(signal?: AbortSignal): Promise<SupervisorBoard> {
  return api.get<SupervisorBoard>('/admin/board', { loader: false, ...(signal ? { signal } : {}) });
}

// ---------- fictive profiles (admin) ----------

export function listFictive(query: { page: number; limit: number; search?: string; brandId?: string }): Promise<ListPage<FictiveProfile>> {
  return api.get<ListPage<FictiveProfile>>('/admin/profiles', { query: { ...query }, loader: false });
}
export function createFictive(body: CreateFictiveBody): Promise<FictiveProfile> {
  return api.post<FictiveProfile>('/admin/profile', body);
}
export function updateFictive(id: string, body: UpdateFictiveBody): Promise<FictiveProfile> {
  return api.patch<FictiveProfile>(`/admin/profile/${enc(id)}`, body);
}
/** Gallery photos (issue B's upload rules on the server): `avatar` replaces the avatar, `photo` adds up to 5. */
export function uploadFictivePhotos(id: string, type: 'avatar' | 'photo', files: File[]): Promise<FictiveProfile> {
  const form = new FormData();
  form.append('type', type);
  for (const file of files) form.append('files', file);
  return api.post<FictiveProfile>(`/admin/profile/${enc(id)}/photos`, form);
}
export function deleteFictivePhoto(id: string, imageId: string): Promise<FictiveProfile> {
  return api.delete<FictiveProfile>(`/admin/profile/${enc(id)}/photos/${enc(imageId)}`);
}
/** A brand of GET /api/brands, with the agent scopes it offers (COUNTRY-domain). */
export type ListedBrand = Brand & { scopes?: string[] };

/** The brand list (API-key call, docs/api.md#endpoints), for assigning a profile to a brand and agents to scopes. */
export async function listBrands(): Promise<ListedBrand[]> {
  const apiKey = getRuntimeConfig()?.apiKey;
  const answer = await api.get<{ data: ListedBrand[] } | ListedBrand[]>('/brands', { query: { limit: 100 }, auth: false, loader: false, ...(apiKey ? { apiKey } : {}) });
  return Array.isArray(answer) ? answer : answer.data;
}
