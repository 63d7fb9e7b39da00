import { http, HttpResponse } from 'msw';
import {
  BREAK_INTERVAL_MS,
  CLAIM_LIFETIME_MS,
  formatLockout,
  type Agent,
  type AgentConversation,
  type AgentSessionState,
  type AgentStatus,
  type FictiveProfile,
  type LookupRow,
  type Memo,
  type MeetUp,
} from '@sync/contract/agents';
import type { MessageRecord } from '@sync/contract/messaging';
import { t } from '@sync/texts';
import { mockNow } from '../clock';
import { errorResponse } from '../http-error';
import { buildMockProfiles, portraitUrl } from '../profiles-data';
import { readMockToken } from '../tokens';

/**
 * The agent console on msw (docs/api.md#agents, api/src/modules/agents/routes.ts): session events with the
 * once-per-hour pause, the queue, claims (204 when empty), staff conversations with originals, replies with
 * lastMessageId (409 new-messages), memos, meet-ups (delete only after cancel), lookup, agents and report.
 * Staff requests only: member calls fall through to the messaging handlers.
 */
const API = '*/api';

type ActivityEntry =
  | { kind: 'claim'; agentId: string; at: number; expired: boolean }
  | { kind: 'reply'; agentId: string; at: number; waitMs: number | null }
  | { kind: 'break'; agentId: string; at: number; ms: number }
  | { kind: 'shift'; agentId: string; at: number; ms: number };

interface AgentState {
  session: AgentSessionState;
  stocked: string[];
  claimed: { id: string; claimTime: number; agentId: string } | null;
  conversations: Map<string, AgentConversation>;
  agents: Agent[];
  fictive: FictiveProfile[];
  /** What the report counts, as it happened: claims (lapsed or not), replies with the member's wait, breaks. */
  log: ActivityEntry[];
  seq: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

function message(conversationId: string, id: string, senderType: MessageRecord['senderType'], text: string, at: number): MessageRecord {
  return { _id: id, conversationId, messageType: 'text', message: text, attachment: null, senderType, dateSent: iso(at), date: iso(at), day: at - (at % 86_400_000), isRead: true, isPending: false };
}

function conversation(id: string, memberName: string, profileName: string, text: string): AgentConversation {
  const now = mockNow();
  const image = (i: number, letter: string) => ({ _id: `img-${id}-${i}`, type: 'avatar' as const, processed: true, under_moderation: false, small: portraitUrl(i, letter, 150), medium: portraitUrl(i, letter, 300) });
  return {
    _id: id,
    createDate: iso(now - 3_600_000),
    updateDate: iso(now - 60_000),
    domain: 'localhost',
    stock: 'message',
    stockDate: iso(now - 60_000),
    claim: null,
    user: {
      _id: `u-${memberName}`,
      username: memberName,
      birthday: '1990-04-02',
      age: 36,
      gender: 'man',
      country: 'US',
      isPremium: true,
      credits: 12,
      createDate: iso(now - 86_400_000 * 30),
      updateDate: iso(now - 60_000),
      activityDate: iso(now - 60_000),
      profileId: `pm-${memberName}`,
      location: { city: 'Austin', state: 'TX', country: 'US' },
      aboutMe: 'Likes long walks. Call me at +1 555 0100.',
      images: [image(1, memberName[0]!.toUpperCase())],
      lookingFor: ['hiking', 'cooking'],
      lookingForGender: 'woman',
      lookingForAgeMin: 25,
      lookingForAgeMax: 40,
      timezone: 'America/Chicago',
    },
    profile: {
      _id: `p-${profileName}`,
      username: profileName,
      birthday: '1996-08-10',
      age: 30,
      gender: 'woman',
      createDate: iso(now - 86_400_000 * 90),
      updateDate: iso(now - 86_400_000),
      activityDate: iso(now - 600_000),
      location: { city: 'Dallas', state: 'TX', country: 'US' },
      aboutMe: 'Coffee first.',
      images: [image(2, profileName[0]!.toUpperCase()), image(3, profileName[0]!.toUpperCase())],
      bodyType: 'fit',
      ethnicity: null,
      hairColor: 'brown',
      eyeColor: 'green',
      height: 168,
      relationshipStatus: 'single',
      lookingFor: ['travel', 'coffee'],
      lookingForAgeMin: 28,
      lookingForAgeMax: 45,
    },
    messages: [message(id, `${id}-m1`, 'user', text, now - 60_000)],
    hasMore: false,
    userNotes: [],
    profileNotes: [],
    meetUps: [],
  };
}

/** The admin's list of fictive profiles: the first of the members' fixture profiles, as the admin sees them. */
function seededFictive(now: number): FictiveProfile[] {
  return buildMockProfiles(12, now).map((p) => ({
    _id: p._id,
    brandId: 'b-amora',
    domain: 'localhost',
    username: p.username,
    gender: p.gender,
    birthDate: `${new Date(now).getUTCFullYear() - p.age - 1}-06-15`,
    age: p.age,
    bodyType: p.bodyType,
    ethnicity: p.ethnicity,
    hairColor: p.hairColor,
    eyeColor: p.eyeColor,
    height: p.height,
    relationshipStatus: p.relationshipStatus,
    aboutMe: p.aboutMe,
    lookingFor: p.lookingFor,
    lookingForAgeMin: 25,
    lookingForAgeMax: 45,
    location: p.location ?? {},
    isFeatured: p.badges.includes('FEATURED'),
    isPremium: p.badges.includes('PREMIUM'),
    matchOnLike: p.matchOnLike,
    active: true,
    images: p.images,
    createDate: p.createDate,
    updateDate: p.createDate,
  })) as FictiveProfile[];
}

function initial(): AgentState {
  const conversations = new Map<string, AgentConversation>();
  conversations.set('c-1', conversation('c-1', 'sam', 'zoe', 'Hi Zoe, write me at sam@example.com'));
  conversations.set('c-2', conversation('c-2', 'marco', 'ivy', 'Are you there?'));
  const now = iso(mockNow() - 86_400_000);
  const agent = (id: string, first: string, last: string, email: string, role: Agent['role']): Agent => ({
    _id: id,
    type: 'agent',
    createDate: now,
    updateDate: now,
    status: 'offline',
    statusLastUpdate: now,
    email,
    firstName: first,
    lastName: last,
    images: [],
    scope: ['US-localhost'],
    role,
    maxClaims: 3,
  });
  return {
    session: { status: 'offline', statusLastUpdate: now, session: null, break: null, lastBreakStart: null, breakIntervalLeftMs: 0 },
    stocked: ['c-1', 'c-2'],
    claimed: null,
    conversations,
    agents: [agent('a-agent', 'Alice', 'Agent', 'agent@example.com', 'agent'), agent('a-admin', 'Adam', 'Admin', 'admin@example.com', 'admin')],
    fictive: seededFictive(mockNow()),
    log: [],
    seq: 0,
  };
}

let state = initial();

export function resetAgentMocks(): void {
  state = initial();
}

export type SavedAgentMocks = Omit<AgentState, 'conversations'> & { conversations: [string, AgentConversation][] };

/** The console's side of the mock world as JSON, so a reload finds the session, the claim and the memos (mock-persistence.ts). */
export function saveAgentMocks(): SavedAgentMocks {
  return { ...state, conversations: [...state.conversations.entries()] };
}

export function restoreAgentMocks(saved: SavedAgentMocks): void {
  state = { ...initial(), ...saved, conversations: new Map(saved.conversations) };
}

/** Lets a test play the member: a new message arrives in a conversation (a later reply answers 409). */
export function mockMemberWrites(conversationId: string, text: string): void {
  const c = state.conversations.get(conversationId);
  if (!c) return;
  state.seq += 1;
  c.messages.unshift(message(conversationId, `${conversationId}-n${state.seq}`, 'user', text, mockNow()));
  // Back in the message stock, unless it is there or held (the holder sees the news on a 409).
  c.stock = 'message';
  c.stockDate = iso(mockNow());
  if (!state.stocked.includes(c._id) && state.claimed?.id !== c._id) state.stocked.push(c._id);
}

export function mockAgentState() {
  return state;
}

/**
 * The API's expiry job (api/src/modules/agents/jobs.ts), run before every staff call: a claim past its lifetime
 * on the mock clock goes back to the front of its stock and counts as expired for its agent.
 */
function lapseClaim(): void {
  const held = state.claimed;
  if (!held || mockNow() < held.claimTime + CLAIM_LIFETIME_MS) return;
  state.claimed = null;
  if (!state.stocked.includes(held.id)) state.stocked.unshift(held.id);
  const entry = state.log.find((e) => e.kind === 'claim' && e.agentId === held.agentId && e.at === held.claimTime);
  if (entry?.kind === 'claim') entry.expired = true;
}

function staff(request: Request) {
  const claims = readMockToken(request.headers.get('authorization')?.replace(/^Bearer /, ''));
  if (claims?.type !== 'agent') return null;
  lapseClaim();
  return { id: claims._id, admin: claims.role === 'admin' };
}

function lockoutLeft(): number {
  const last = state.session.lastBreakStart ? new Date(state.session.lastBreakStart).getTime() : 0;
  return Math.max(0, last + BREAK_INTERVAL_MS - mockNow());
}

function nextId(prefix: string): string {
  state.seq += 1;
  return `${prefix}-${state.seq}`;
}

function findMemo(c: AgentConversation, noteId: string): Memo | undefined {
  return [...c.userNotes, ...c.profileNotes].find((m) => m._id === noteId);
}

const body = async <T>(request: Request): Promise<T> => (await request.json().catch(() => ({}))) as T;

export const agentHandlers = [
  http.get(`${API}/event`, ({ request }) => {
    if (!staff(request)) return errorResponse(403, 'forbidden', t('error.forbidden'));
    return HttpResponse.json({ ...state.session, breakIntervalLeftMs: lockoutLeft() });
  }),
  http.post(`${API}/event`, async ({ request }) => {
    const who = staff(request);
    if (!who) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const { message: m } = await body<{ message: { status: AgentStatus; reason?: string } }>(request);
    const now = mockNow();
    const open = state.session.break;
    if (open && m.status !== 'paused') state.log.push({ kind: 'break', agentId: who.id, at: now, ms: now - new Date(open.startDate).getTime() });
    if (m.status === 'paused') {
      if (state.session.status !== 'online') return errorResponse(409, 'session-not-started', t('agent.session-needed'));
      const left = lockoutLeft();
      if (left > 0) return errorResponse(429, 'pause-once-per-hour', t('agent.pause-once-per-hour', { time: formatLockout(left) }));
      state.session = { ...state.session, status: 'paused', break: { _id: nextId('b'), reason: m.reason ?? '', startDate: iso(now) }, lastBreakStart: iso(now) };
    } else if (m.status === 'online') {
      state.session = { ...state.session, status: 'online', break: null, session: state.session.session ?? { _id: nextId('s'), startDate: iso(now) } };
    } else {
      const shift = state.session.session;
      if (shift) state.log.push({ kind: 'shift', agentId: who.id, at: now, ms: now - new Date(shift.startDate).getTime() });
      state.session = { ...state.session, status: 'offline', break: null, session: null };
      state.claimed = null;
    }
    state.session.statusLastUpdate = iso(now);
    // The admin's agents list shows who is on shift.
    const agent = state.agents.find((a) => a._id === who.id);
    if (agent) Object.assign(agent, { status: state.session.status, statusLastUpdate: state.session.statusLastUpdate });
    return HttpResponse.json({ ...state.session, breakIntervalLeftMs: lockoutLeft() });
  }),
  http.get(`${API}/queue`, ({ request }) => {
    if (!staff(request)) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const n = state.stocked.length;
    return HttpResponse.json({ MessageStock: n, FollowUpStock: 0, MeetUpStock: 0, total: n });
  }),
  http.get(`${API}/claims`, ({ request }) => {
    if (!staff(request)) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const held = state.claimed;
    const data = held
      ? [{ claimTime: iso(held.claimTime), postTime: iso(held.claimTime), expiryTime: iso(held.claimTime + CLAIM_LIFETIME_MS), stock: 'message', conversation: state.conversations.get(held.id) }]
      : [];
    return HttpResponse.json({ data, total: data.length, page: 1, limit: data.length, maxClaims: 3, now: iso(mockNow()) });
  }),
  http.get(`${API}/claim`, ({ request }) => {
    const who = staff(request);
    if (!who) return errorResponse(403, 'forbidden', t('error.forbidden'));
    if (state.session.status !== 'online') return errorResponse(409, 'session-not-started', t('agent.session-needed'));
    const id = state.stocked.shift();
    if (!id) return new HttpResponse(null, { status: 204 });
    const now = mockNow();
    state.claimed = { id, claimTime: now, agentId: who.id };
    state.log.push({ kind: 'claim', agentId: who.id, at: now, expired: false });
    const c = state.conversations.get(id)!;
    return HttpResponse.json({ claimTime: iso(now), postTime: c.stockDate, expiryTime: iso(now + CLAIM_LIFETIME_MS), stock: 'message', conversation: c });
  }),
  http.post(`${API}/claims/:id/release`, ({ request, params }) => {
    const who = staff(request);
    if (!who) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const held = state.claimed;
    if (!held || held.id !== params.id || held.agentId !== who.id) return errorResponse(404, 'claim-not-found', t('agent.claim-not-held'));
    state.claimed = null;
    state.stocked.unshift(held.id);
    return HttpResponse.json({ status: 'success', message: t('agent.claim-released') });
  }),
  http.get(`${API}/conversations`, ({ request }) => {
    if (!staff(request)) return undefined;
    const q = new URL(request.url).searchParams;
    const page = Number(q.get('page') ?? 1);
    const limit = Number(q.get('limit') ?? 20);
    const has = (value: string, filter: string | null) => !filter || value.toLowerCase().includes(filter.toLowerCase());
    const rows: LookupRow[] = [...state.conversations.values()]
      .filter((c) => has(c.user.username, q.get('realUsername')) && has(c.profile.username, q.get('fictiveUsername')) && (!q.get('domain') || c.domain === q.get('domain')))
      .map((c) => ({
        _id: c._id,
        createDate: c.createDate,
        updateDate: c.updateDate,
        domain: c.domain,
        lastMessageDate: c.messages[0]?.dateSent ?? null,
        stock: state.stocked.includes(c._id) ? 'message' : null,
        claimed: state.claimed?.id === c._id,
        claim: state.claimed?.id === c._id ? { agentId: 'a-agent', agentName: 'Alice Agent', expiryTime: iso(state.claimed.claimTime + CLAIM_LIFETIME_MS) } : null,
        user: { _id: c.user._id, username: c.user.username, country: c.user.country },
        profile: { _id: c.profile._id, username: c.profile.username, avatar: null },
        lastAgent: null,
        lastMessage: c.messages[0] ?? null,
      }));
    if (q.get('sortBy') === 'oldest') rows.reverse();
    return HttpResponse.json({ data: rows.slice((page - 1) * limit, page * limit), total: rows.length, page, limit });
  }),
  http.get(`${API}/conversation/:id`, ({ request, params }) => {
    if (!staff(request)) return undefined;
    const c = state.conversations.get(String(params.id));
    if (!c) return errorResponse(404, 'not-found', t('error.not-found'));
    // The live claim with its holder's name, as the API's staff view answers it.
    const held = state.claimed?.id === c._id ? state.claimed : null;
    const claim = held ? { agentId: 'a-agent', agentName: 'Alice Agent', claimTime: iso(held.claimTime), expiryTime: iso(held.claimTime + CLAIM_LIFETIME_MS) } : null;
    return HttpResponse.json({ ...c, claim });
  }),
  http.post(`${API}/conversation/:id/message`, async ({ request, params }) => {
    const who = staff(request);
    if (!who) return undefined;
    const c = state.conversations.get(String(params.id));
    if (!c) return errorResponse(404, 'not-found', t('error.not-found'));
    const reply = await body<{ message: string; messageType: 'text' | 'attachment'; attachment?: string | null; lastMessageId?: string | null; admin?: boolean }>(request);
    if (!(who.admin && reply.admin) && state.claimed?.id !== c._id) return errorResponse(403, 'claim-required', t('error.claim-required'));
    // Newest first: anything from the member before the message the agent loaded is news to the agent.
    const loaded = c.messages.findIndex((m) => m._id === reply.lastMessageId);
    if (c.messages.slice(0, loaded === -1 ? c.messages.length : loaded).some((m) => m.senderType === 'user')) {
      return errorResponse(409, 'new-messages', t('error.new-messages'));
    }
    const sent = { ...message(c._id, nextId('r'), reply.admin ? 'admin' : 'profile', reply.message, mockNow()), messageType: reply.messageType, attachment: reply.attachment ?? null };
    // The member's wait: from the oldest of their messages since the last answer (messages are newest first).
    const answered = c.messages.findIndex((m) => m.senderType !== 'user');
    const waiting = c.messages.slice(0, answered === -1 ? c.messages.length : answered);
    const waitedSince = waiting.length > 0 ? new Date(waiting[waiting.length - 1]!.dateSent).getTime() : null;
    state.log.push({ kind: 'reply', agentId: who.id, at: mockNow(), waitMs: waitedSince === null ? null : mockNow() - waitedSince });
    c.messages.unshift(sent);
    // Answered: out of its stock until the member writes again (an admin's reply from the lookup too).
    c.stock = null;
    state.stocked = state.stocked.filter((id) => id !== c._id);
    if (state.claimed?.id === c._id) state.claimed = null;
    return HttpResponse.json({ message: sent, conversation: c });
  }),
  http.post(`${API}/conversation/:id/note`, async ({ request, params }) => {
    if (!staff(request)) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const c = state.conversations.get(String(params.id));
    if (!c) return errorResponse(404, 'not-found', t('error.not-found'));
    const { note, type } = await body<{ note: string; type: 'user' | 'profile' }>(request);
    if (!note?.trim()) return errorResponse(400, 'validation', 'Required');
    const now = iso(mockNow());
    const memo: Memo = { _id: nextId('n'), note, type, archived: false, global: false, conversationId: c._id, userProfileId: null, agentId: 'a-agent', createDate: now, updateDate: now };
    (type === 'user' ? c.userNotes : c.profileNotes).unshift(memo);
    return HttpResponse.json(memo, { status: 201 });
  }),
  http.patch(`${API}/conversation/:id/note/:noteId`, async ({ request, params }) => {
    const c = state.conversations.get(String(params.id));
    const memo = c && findMemo(c, String(params.noteId));
    if (!memo) return errorResponse(404, 'not-found', t('error.not-found'));
    Object.assign(memo, await body<Partial<Memo>>(request), { updateDate: iso(mockNow()) });
    return HttpResponse.json(memo);
  }),
  http.delete(`${API}/conversation/:id/note/:noteId`, ({ params }) => {
    const c = state.conversations.get(String(params.id));
    if (!c || !findMemo(c, String(params.noteId))) return errorResponse(404, 'not-found', t('error.not-found'));
    c.userNotes = c.userNotes.filter((m) => m._id !== params.noteId);
    c.profileNotes = c.profileNotes.filter((m) => m._id !== params.noteId);
    return HttpResponse.json({ status: 'success' });
  }),
  http.post(`${API}/conversation/:id/meet-up`, async ({ request, params }) => {
    const c = state.conversations.get(String(params.id));
    if (!c) return errorResponse(404, 'not-found', t('error.not-found'));
    const input = await body<Partial<MeetUp>>(request);
    const id = nextId('mu');
    const now = iso(mockNow());
    const meetUp: MeetUp = {
      id,
      _id: id,
      meetDate: input.meetDate ?? now,
      meetStatus: input.meetStatus ?? 'proposed',
      location: input.location ?? '',
      cancelInterval: input.cancelInterval ?? 24,
      description: input.description ?? '',
      archived: false,
      cancelDate: null,
      createDate: now,
      updateDate: now,
    };
    c.meetUps.push(meetUp);
    return HttpResponse.json(meetUp, { status: 201 });
  }),
  http.patch(`${API}/conversation/:id/meet-up/:meetupId`, async ({ request, params }) => {
    const m = state.conversations.get(String(params.id))?.meetUps.find((x) => x.id === params.meetupId);
    if (!m) return errorResponse(404, 'not-found', t('error.not-found'));
    const { cancelConfirm, ...rest } = await body<Partial<MeetUp> & { cancelConfirm?: boolean }>(request);
    Object.assign(m, rest, cancelConfirm ? { meetStatus: 'cancelled', cancelDate: iso(mockNow()) } : {});
    return HttpResponse.json(m);
  }),
  http.delete(`${API}/conversation/:id/meet-up/:meetupId`, ({ params }) => {
    const c = state.conversations.get(String(params.id));
    const m = c?.meetUps.find((x) => x.id === params.meetupId);
    if (!c || !m) return errorResponse(404, 'not-found', t('error.not-found'));
    if (m.meetStatus !== 'cancelled') return errorResponse(409, 'meetup-not-cancelled', 'Cancel the meet-up first');
    c.meetUps = c.meetUps.filter((x) => x !== m);
    return HttpResponse.json({ status: 'success' });
  }),
  http.post(`${API}/:type/:subjectId/note`, async ({ request, params }) => {
    const type = String(params.type);
    if (type !== 'user' && type !== 'profile') return undefined;
    if (!staff(request)) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const { note } = await body<{ note: string }>(request);
    const now = iso(mockNow());
    const memo: Memo = { _id: nextId('g'), note, type, archived: false, global: true, conversationId: null, userProfileId: String(params.subjectId), agentId: 'a-agent', createDate: now, updateDate: now };
    for (const c of state.conversations.values()) {
      if (type === 'user' && c.user._id === memo.userProfileId) c.userNotes.push(memo);
      if (type === 'profile' && c.profile._id === memo.userProfileId) c.profileNotes.push(memo);
    }
    return HttpResponse.json(memo, { status: 201 });
  }),
  http.patch(`${API}/:type/:subjectId/note/:noteId`, async ({ request, params }) => {
    if (params.type !== 'user' && params.type !== 'profile') return undefined;
    if (!staff(request)) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const memo = [...state.conversations.values()].map((c) => findMemo(c, String(params.noteId))).find((m) => m?.global);
    if (!memo) return errorResponse(404, 'not-found', t('error.not-found'));
    const { note, archived } = await body<Partial<Memo>>(request);
    Object.assign(memo, note !== undefined ? { note } : {}, archived !== undefined ? { archived } : {}, { updateDate: iso(mockNow()) });
    return HttpResponse.json(memo);
  }),
  http.delete(`${API}/:type/:subjectId/note/:noteId`, ({ request, params }) => {
    if (params.type !== 'user' && params.type !== 'profile') return undefined;
    if (!staff(request)) return errorResponse(403, 'forbidden', t('error.forbidden'));
    let found = false;
    for (const c of state.conversations.values()) {
      const keep = (m: Memo) => !(m.global && m._id === params.noteId && (found = true));
      c.userNotes = c.userNotes.filter(keep);
      c.profileNotes = c.profileNotes.filter(keep);
    }
    return found ? HttpResponse.json({ status: 'success' }) : errorResponse(404, 'not-found', t('error.not-found'));
  }),
  // An agent's reply image: stored by id; /attachment/:id/:size shows it (a drawn placeholder, nothing is kept).
  http.post(`${API}/profile/:id/upload`, ({ request, params }) => {
    const who = staff(request);
    if (!who) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const held = state.claimed && state.conversations.get(state.claimed.id);
    if (!who.admin && held?.profile._id !== params.id) return errorResponse(403, 'claim-required', t('error.claim-required'));
    const id = nextId('att');
    return HttpResponse.json({ images: [{ _id: id, type: 'attachment', processed: true, under_moderation: false, small: portraitUrl(state.seq, 'A', 150), medium: portraitUrl(state.seq, 'A', 300) }] });
  }),
  http.get(`${API}/attachment/:id/:size`, ({ params }) => {
    const svg = decodeURIComponent(portraitUrl(String(params.id).length, '📎', 300).split(',')[1]!);
    return new HttpResponse(svg, { headers: { 'content-type': 'image/svg+xml' } });
  }),
  http.post(`${API}/profile/:id/view-member`, ({ request }) => {
    if (!staff(request)) return errorResponse(403, 'forbidden', t('error.forbidden'));
    return HttpResponse.json({ viewed: true, count: 1, lastViewDate: iso(mockNow()) });
  }),
  http.post(`${API}/profile/:id/favourite-member`, async ({ request }) => {
    if (!staff(request)) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const { remove } = await body<{ remove?: boolean }>(request);
    return HttpResponse.json({ favorite: !remove });
  }),
  http.get(`${API}/agents`, ({ request }) => {
    if (!staff(request)?.admin) return errorResponse(403, 'forbidden', t('error.forbidden'));
    return HttpResponse.json({ data: state.agents, total: state.agents.length, page: 1, limit: 100 });
  }),
  http.post(`${API}/agent`, async ({ request }) => {
    if (!staff(request)?.admin) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const input = await body<Partial<Agent> & { password?: string }>(request);
    if (state.agents.some((a) => a.email.toLowerCase() === input.email?.toLowerCase())) return errorResponse(409, 'email-taken', 'An agent with this email already exists');
    const now = iso(mockNow());
    const created: Agent = { ...state.agents[0]!, ...input, _id: nextId('a'), createDate: now, updateDate: now, status: 'offline' } as Agent;
    state.agents.push(created);
    return HttpResponse.json(created, { status: 201 });
  }),
  http.patch(`${API}/agent/:id`, async ({ request, params }) => {
    if (!staff(request)?.admin) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const a = state.agents.find((x) => x._id === params.id);
    if (!a) return errorResponse(404, 'not-found', t('error.not-found'));
    const input = await body<Partial<Agent>>(request);
    if (input.email && state.agents.some((x) => x !== a && x.email.toLowerCase() === input.email!.toLowerCase())) {
      return errorResponse(409, 'email-taken', 'An agent with this email already exists');
    }
    Object.assign(a, input, { updateDate: iso(mockNow()) });
    return HttpResponse.json(a);
  }),
  http.get(`${API}/admin/profiles`, ({ request }) => {
    if (!staff(request)?.admin) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const q = new URL(request.url).searchParams;
    const rows = state.fictive.filter((p) => !q.get('search') || p.username.toLowerCase().includes(q.get('search')!.toLowerCase()));
    return HttpResponse.json({ data: rows, total: rows.length, page: Number(q.get('page') ?? 1), limit: Number(q.get('limit') ?? 20) });
  }),
  http.post(`${API}/admin/profile`, async ({ request }) => {
    if (!staff(request)?.admin) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const input = await body<Omit<FictiveProfile, '_id'>>(request);
    if (!/^[A-Za-z0-9_]{3,30}$/.test(input.username ?? '')) {
      return errorResponse(400, 'validation', 'The username must be 3 to 30 characters: letters, numbers and underscores only');
    }
    if (state.fictive.some((p) => p.username === input.username)) return errorResponse(409, 'username-taken', 'This username is already taken');
    const now = iso(mockNow());
    const created: FictiveProfile = { ...input, _id: nextId('fp'), domain: 'localhost', age: 30, images: [], createDate: now, updateDate: now };
    state.fictive.push(created);
    return HttpResponse.json(created, { status: 201 });
  }),
  http.patch(`${API}/admin/profile/:id`, async ({ request, params }) => {
    if (!staff(request)?.admin) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const p = state.fictive.find((x) => x._id === params.id);
    if (!p) return errorResponse(404, 'not-found', t('error.not-found'));
    Object.assign(p, await body<Partial<FictiveProfile>>(request), { updateDate: iso(mockNow()) });
    return HttpResponse.json(p);
  }),
  http.post(`${API}/admin/profile/:id/photos`, async ({ request, params }) => {
    if (!staff(request)?.admin) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const p = state.fictive.find((x) => x._id === params.id);
    if (!p) return errorResponse(404, 'not-found', t('error.not-found'));
    const form = await request.formData().catch(() => null);
    if (!form) return errorResponse(400, 'invalid-multipart', 'The upload must be multipart/form-data');
    const asked = form.get('type') ?? 'photo';
    if (asked !== 'avatar' && asked !== 'photo') return errorResponse(400, 'invalid-upload-type', 'type must be avatar or photo');
    const type: 'avatar' | 'photo' = asked;
    const files = [...form.getAll('files'), ...form.getAll('file')].filter((f) => typeof f !== 'string');
    if (files.length === 0) return errorResponse(400, 'no-files', 'No files were sent');
    if (files.length > (type === 'avatar' ? 1 : 5)) return errorResponse(400, 'too-many-files', 'Too many files');
    const letter = p.username[0]!.toUpperCase();
    const added = files.map(() => {
      const id = nextId('fpi');
      return { _id: id, type, processed: true, under_moderation: false, small: portraitUrl(state.seq, letter, 150), medium: portraitUrl(state.seq, letter, 300) };
    });
    // As on the API: a new avatar turns the old one into a photo, and the avatar comes first.
    const kept = p.images.map((image) => (type === 'avatar' && image.type === 'avatar' ? { ...image, type: 'photo' as const } : image));
    p.images = type === 'avatar' ? [...added, ...kept] : [...kept, ...added];
    p.updateDate = iso(mockNow());
    return HttpResponse.json(p);
  }),
  http.delete(`${API}/admin/profile/:id/photos/:imageId`, ({ request, params }) => {
    if (!staff(request)?.admin) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const p = state.fictive.find((x) => x._id === params.id);
    if (!p?.images.some((image) => image._id === params.imageId)) return errorResponse(404, 'not-found', t('error.not-found'));
    p.images = p.images.filter((image) => image._id !== params.imageId);
    p.updateDate = iso(mockNow());
    return HttpResponse.json(p);
  }),
  http.get(`${API}/admin/report`, ({ request }) => {
    if (!staff(request)?.admin) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const q = new URL(request.url).searchParams;
    // As the API: whole UTC days, both ends included.
    const from = Date.parse(`${q.get('from')}T00:00:00Z`);
    const to = Date.parse(`${q.get('to')}T00:00:00Z`) + 86_400_000;
    if (!Number.isFinite(from) || !Number.isFinite(to) || from >= to) return errorResponse(400, 'invalid-query', 'from and to must be dates (YYYY-MM-DD), from not after to');
    const inRange = state.log.filter((e) => e.at >= from && e.at < to);
    const rank = (sorted: number[], share: number) => (sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!);
    return HttpResponse.json({
      from: q.get('from'),
      to: q.get('to'),
      agents: state.agents.map((a) => {
        const mine = inRange.filter((e) => e.agentId === a._id);
        const replies = mine.filter((e) => e.kind === 'reply');
        const waits = replies.flatMap((e) => (e.waitMs === null ? [] : [e.waitMs])).sort((x, y) => x - y);
        const claims = mine.filter((e) => e.kind === 'claim');
        const breaks = mine.filter((e) => e.kind === 'break');
        const breakMs = breaks.reduce((sum, e) => sum + e.ms, 0);
        // Shifts ended in the range, plus the one running now (the mock holds one session, Alice's).
        const open = a._id === state.agents[0]?._id && state.session.session ? mockNow() - new Date(state.session.session.startDate).getTime() : 0;
        const onlineMs = Math.max(0, mine.filter((e) => e.kind === 'shift').reduce((sum, e) => sum + e.ms, open) - breakMs);
        return {
          agentId: a._id,
          name: `${a.firstName} ${a.lastName}`,
          email: a.email,
          messagesSent: replies.length,
          replyTimeMedianMs: rank(waits, 0.5),
          replyTimeP90Ms: rank(waits, 0.9),
          claims: claims.length,
          claimsExpired: claims.filter((e) => e.expired).length,
          breaks: breaks.length,
          breakMs,
          onlineMs,
          repliesPerHour: onlineMs > 0 ? Math.round((replies.length / (onlineMs / 3_600_000)) * 100) / 100 : null,
        };
      }),
    });
  }),
  // The supervisor board: the mock's one agent session (Alice) with its claim; the others offline.
  http.get(`${API}/admin/board`, ({ request }) => {
    if (!staff(request)?.admin) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const held = state.claimed;
    const c = held ? state.conversations.get(held.id) : undefined;
    return HttpResponse.json({
      now: iso(Date.now()),
      agents: state.agents.map((a) => {
        const mine = a._id === 'a-agent';
        return {
          agentId: a._id,
          name: `${a.firstName} ${a.lastName}`,
          email: a.email,
          role: a.role,
          status: mine ? state.session.status : 'offline',
          statusLastUpdate: mine ? state.session.statusLastUpdate : a.statusLastUpdate,
          maxClaims: a.maxClaims,
          session: mine && state.session.session ? { startDate: state.session.session.startDate } : null,
          break: mine && state.session.break ? { reason: state.session.break.reason, startDate: state.session.break.startDate } : null,
          claims:
            mine && held && c
              ? [{ conversationId: c._id, stock: 'message', claimTime: iso(held.claimTime), expiryTime: iso(held.claimTime + CLAIM_LIFETIME_MS), member: c.user.username, profile: c.profile.username }]
              : [],
        };
      }),
    });
  }),
];
