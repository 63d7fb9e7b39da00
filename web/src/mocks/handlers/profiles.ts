import { http, HttpResponse } from 'msw';
import { sortOptions, type Image, type SortOption } from '@sync/contract/entities';
import { defaultAgeRange, userPatchBody } from '@sync/contract/profile-edit';
import { ageFromDateString } from '@sync/rules/age';
import { t } from '@sync/texts';
import { mockAccounts, mockUser, type MockAccount } from '../data';
import { errorResponse } from '../http-error';
import { buildMockProfiles, MOCK_LOCATIONS, mockProfileId, portraitUrl, type MockProfile } from '../profiles-data';
import { readMockToken } from '../tokens';

/**
 * Issue B's calls on msw: profiles list and detail, swipes and matches, favourites, interests, the
 * member's own profile edit and uploads, and the location lookup. State is per member and in memory.
 */
const API = '*/api';
const DAY = 86_400_000;

export const mockProfiles: MockProfile[] = buildMockProfiles();

// A VIP member for the premium screens (all photos, favourites): sign in as 'vip' with the mock password.
if (!mockAccounts.some((account) => account.username === 'vip')) {
  mockAccounts.push({ _id: 'u-vip', username: 'vip', email: 'vip@example.com', kind: 'user', emailValidated: true, password: 'vip-pass-123' });
}
const byId = new Map(mockProfiles.map((profile) => [profile._id, profile]));

interface Swipe {
  profileId: string;
  actionType: 'like' | 'dislike';
  date: string;
}
interface MemberState {
  likes: number;
  isPremium: boolean;
  swipes: Swipe[];
  matches: { profileId: string; conversationId: string; date: string }[];
  favourites: string[];
  viewed: { profileId: string; date: string }[];
  edits: Record<string, unknown>;
  images: Image[];
}

const members = new Map<string, MemberState>();

function seedMember(account: MockAccount): MemberState {
  const now = Date.now();
  return {
    likes: 3,
    isPremium: account.username.startsWith('vip'),
    swipes: [],
    matches: [{ profileId: mockProfileId(4), conversationId: 'c-match-4', date: new Date(now - 2 * DAY).toISOString() }],
    favourites: [mockProfileId(2), mockProfileId(7), mockProfileId(12)],
    viewed: [mockProfileId(3), mockProfileId(5), mockProfileId(9)].map((profileId, i) => ({ profileId, date: new Date(now - (i + 1) * 3_600_000).toISOString() })),
    edits: {},
    images: [],
  };
}

type UserDecorator = (account: MockAccount, record: ReturnType<typeof userRecord>) => ReturnType<typeof userRecord>;
const userDecorators: UserDecorator[] = [];

/** Another domain's mock (payments: credits, cards, memberships) adds its fields to the user record. */
export function decorateMockUser(decorator: UserDecorator): void {
  userDecorators.push(decorator);
}

/** Another domain's mock (a VIP purchase, the tester panel) changes the member's likes or premium flag. */
export function patchMockMember(accountId: string, patch: Partial<Pick<MemberState, 'likes' | 'isPremium'>>): { likes: number; isPremium: boolean } | null {
  const account = mockAccounts.find((candidate) => candidate._id === accountId);
  if (!account) return null;
  const state = { ...(members.get(accountId) ?? seedMember(account)), ...patch };
  members.set(accountId, state);
  return { likes: state.likes, isPremium: state.isPremium };
}

export function setMockPremium(accountId: string, isPremium: boolean): void {
  patchMockMember(accountId, { isPremium });
}

/** The name and small avatar a conversation shows for a fictive profile. */
export function mockProfileSummary(profileId: string): { _id: string; username: string; avatar: string | null } | undefined {
  const profile = byId.get(profileId);
  if (!profile) return undefined;
  const first = profile.images[0];
  return { _id: profile._id, username: profile.username, avatar: first && 'small' in first ? (first.small ?? null) : null };
}

/** Test helper: forget every member's swipes, favourites and edits. */
export function resetProfileMocks(): void {
  members.clear();
}

function memberOf(request: Request): { account: MockAccount; state: MemberState } | null {
  const header = request.headers.get('authorization');
  const claims = readMockToken(header?.startsWith('Bearer ') ? header.slice(7) : null);
  const account = mockAccounts.find((candidate) => candidate._id === claims?._id);
  if (!account) return null;
  let state = members.get(account._id);
  if (!state) {
    state = seedMember(account);
    members.set(account._id, state);
  }
  return { account, state };
}

const unauthorized = () => errorResponse(401, 'unauthorized', t('error.unauthorized'));

/** Standard members see the first photo and `{ _id, type, blocked: true }` for the rest (docs/api.md#profiles-and-matching). */
function card(profile: MockProfile, state: MemberState | null) {
  const { createDate: _c, matchOnLike: _m, ...rest } = profile;
  const images = state?.isPremium ? rest.images : rest.images.map((image, i) => (i === 0 ? image : { _id: image._id, type: image.type, blocked: true as const }));
  return { ...rest, images, favorite: state ? state.favourites.includes(profile._id) : false };
}

const list = (data: unknown[], page: number, limit: number, total: number) => HttpResponse.json({ data, total, page, limit });

function paging(url: URL, fallback = 36) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? fallback);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1 || limit > 100) return null;
  return { page, limit };
}

const compare: Record<SortOption, (a: MockProfile, b: MockProfile) => number> = {
  recent: (a, b) => b.activityDate.localeCompare(a.activityDate),
  'age-asc': (a, b) => a.age - b.age,
  'age-desc': (a, b) => b.age - a.age,
  'username-asc': (a, b) => a.username.localeCompare(b.username),
  'username-desc': (a, b) => b.username.localeCompare(a.username),
};

function filterProfiles(url: URL): MockProfile[] | string {
  const q = url.searchParams;
  const many = (name: string) => q.get(name)?.split(',').filter(Boolean) ?? [];
  const num = (name: string) => (q.get(name) ? Number(q.get(name)) : undefined);
  const sortBy = (q.get('sortBy') ?? 'recent') as SortOption;
  if (!sortOptions.includes(sortBy)) return 'sortBy';
  const gender = q.get('gender');
  const search = q.get('search')?.trim().toLowerCase();
  const [ageMin, ageMax, heightMin, heightMax] = [num('ageMin'), num('ageMax'), num('heightMin'), num('heightMax')];
  const sets = {
    bodyType: many('bodyType'),
    ethnicity: many('ethnicity'),
    hairColor: many('hairColor'),
    relationshipStatus: many('relationshipStatus'),
    eyeColor: many('eyeColor'),
  } as const;
  return mockProfiles
    .filter((p) => !gender || gender === 'everyone' || p.gender === (gender === 'women' ? 'woman' : 'man'))
    .filter((p) => !search || p.username.includes(search))
    .filter((p) => (ageMin === undefined || p.age >= ageMin) && (ageMax === undefined || p.age <= ageMax))
    .filter((p) => (heightMin === undefined || (p.height ?? 0) >= heightMin) && (heightMax === undefined || (p.height ?? 0) <= heightMax))
    .filter((p) => Object.entries(sets).every(([key, values]) => values.length === 0 || values.includes(String(p[key as keyof typeof sets]))))
    .sort(compare[sortBy]);
}

function userRecord(account: MockAccount, state: MemberState) {
  const base = mockUser(account);
  const edits = state.edits as Record<string, unknown> & { lookingForAge?: { min: number; max: number } };
  const birthDate = '1992-06-14';
  const age = ageFromDateString(birthDate) ?? 30;
  const settings = {
    keepLocationPrivate: Boolean(edits.keepLocationPrivate ?? false),
    showOnline: Boolean(edits.showOnline ?? true),
    notifyByEmail: Boolean(edits.notifyByEmail ?? true),
    lookingForAge: edits.lookingForAge ?? defaultAgeRange(age),
    measurement: edits.measurement === 'metric' ? 'metric' : 'imperial',
  };
  const pick = (key: string, fallback: unknown) => (key in edits ? edits[key] : fallback);
  return {
    ...base,
    firstName: pick('firstName', base.firstName),
    lastName: pick('lastName', base.lastName),
    email: pick('email', base.email),
    likes: state.likes,
    isPremium: state.isPremium,
    images: state.images,
    profile: {
      settings,
      favourites: state.favourites,
      viewed: state.viewed.map((v) => v.profileId),
      location: pick('location', { city: 'Austin', state: 'TX' }),
      gender: pick('gender', 'man'),
      lookingForGender: 'woman',
      birthDate,
      aboutMe: pick('aboutMe', ''),
      lookingFor: pick('lookingFor', []),
      height: pick('height', null),
      bodyType: pick('bodyType', null),
      ethnicity: pick('ethnicity', null),
      hairColor: pick('hairColor', null),
      eyeColor: pick('eyeColor', null),
      relationshipStatus: pick('relationshipStatus', null),
    },
  };
}

function nextUnswiped(state: MemberState): MockProfile | undefined {
  const swiped = new Set(state.swipes.map((s) => s.profileId));
  return mockProfiles.filter((p) => p.gender === 'woman' && !swiped.has(p._id)).sort((a, b) => Number(b.badges.includes('FEATURED')) - Number(a.badges.includes('FEATURED')) || b.activityDate.localeCompare(a.activityDate))[0];
}

export const profileHandlers = [
  http.get(`${API}/profiles`, ({ request }) => {
    const url = new URL(request.url);
    const member = memberOf(request);
    if (!member) {
      // The landing page's public cards (docs/api.md#endpoints: limit, type, premium, with the brand's API key).
      if (!request.headers.get('x-api-key')) return unauthorized();
      const limit = Math.min(24, Number(url.searchParams.get('limit') ?? 12));
      const data = mockProfiles.filter((p) => url.searchParams.get('premium') !== 'true' || p.badges.includes('PREMIUM') || p.badges.includes('FEATURED')).slice(0, limit);
      return list(data.map((p) => ({ ...card(p, null), images: p.images.slice(0, 1) })), 1, limit, data.length);
    }
    const pageOf = paging(url);
    if (!pageOf) return errorResponse(400, 'invalid-query', 'page or limit out of range');
    const matched = filterProfiles(url);
    if (typeof matched === 'string') return errorResponse(400, 'invalid-query', `${matched}: unknown value`);
    const start = (pageOf.page - 1) * pageOf.limit;
    return list(matched.slice(start, start + pageOf.limit).map((p) => card(p, member.state)), pageOf.page, pageOf.limit, matched.length);
  }),

  http.get(`${API}/profile/:id`, ({ request, params }) => {
    const member = memberOf(request);
    if (!member) return unauthorized();
    const profile = byId.get(String(params.id));
    if (!profile) return errorResponse(404, 'not-found', 'Profile not found');
    member.state.viewed = [{ profileId: profile._id, date: new Date().toISOString() }, ...member.state.viewed.filter((v) => v.profileId !== profile._id)];
    return HttpResponse.json(card(profile, member.state));
  }),

  // ---- swipe and match ----
  http.get(`${API}/match/next`, ({ request }) => {
    const member = memberOf(request);
    if (!member) return unauthorized();
    const next = nextUnswiped(member.state);
    return next ? HttpResponse.json(card(next, member.state)) : new HttpResponse(null, { status: 204 });
  }),

  http.get(`${API}/match/likes`, ({ request }) => {
    const member = memberOf(request);
    if (!member) return unauthorized();
    const tomorrow = new Date();
    tomorrow.setUTCHours(24, 0, 0, 0);
    return HttpResponse.json({ likes: member.state.likes, dailyLikes: member.state.isPremium ? 50 : 3, nextRefillDate: tomorrow.toISOString() });
  }),

  http.post(`${API}/match/swipe`, async ({ request }) => {
    const member = memberOf(request);
    if (!member) return unauthorized();
    const body = (await request.json().catch(() => ({}))) as { toUserId?: string; actionType?: string };
    const profile = byId.get(String(body.toUserId));
    if (!profile) return errorResponse(404, 'not-found', 'Profile not found');
    if (body.actionType !== 'like' && body.actionType !== 'dislike') return errorResponse(400, 'validation-failed', "actionType must be 'like' or 'dislike'");
    const { state } = member;
    if (state.swipes.some((s) => s.profileId === profile._id)) return errorResponse(409, 'already-swiped', 'You already swiped this profile. Undo the swipe first.');
    if (body.actionType === 'like') {
      if (state.likes <= 0) return errorResponse(402, 'no-likes', t('error.no-likes'));
      state.likes -= 1;
    }
    state.swipes.unshift({ profileId: profile._id, actionType: body.actionType, date: new Date().toISOString() });
    // The mock's match rule: the profile says so, or every second like (so a demo reaches a match quickly).
    const likesSoFar = state.swipes.filter((s) => s.actionType === 'like').length;
    if (body.actionType === 'like' && (profile.matchOnLike || likesSoFar % 2 === 0)) {
      const conversationId = `c-match-${profile._id}`;
      state.matches.unshift({ profileId: profile._id, conversationId, date: new Date().toISOString() });
      return HttpResponse.json({ match: true, conversationId, likes: state.likes });
    }
    return HttpResponse.json({ match: false, conversationId: null, likes: state.likes });
  }),

  http.post(`${API}/match/undo`, async ({ request }) => {
    const member = memberOf(request);
    if (!member) return unauthorized();
    const body = (await request.json().catch(() => ({}))) as { toUserId?: string };
    const { state } = member;
    const index = body.toUserId ? state.swipes.findIndex((s) => s.profileId === body.toUserId) : 0;
    const swipe = state.swipes[index];
    if (!swipe) return errorResponse(404, 'nothing-to-undo', 'There is no swipe to undo');
    state.swipes.splice(index, 1);
    let matchRemoved = false;
    if (swipe.actionType === 'like') {
      state.likes += 1;
      const before = state.matches.length;
      state.matches = state.matches.filter((m) => m.profileId !== swipe.profileId);
      matchRemoved = state.matches.length !== before;
    }
    return HttpResponse.json({ _id: `sw-${swipe.profileId}`, toUserId: swipe.profileId, actionType: swipe.actionType, createDate: swipe.date, undoDate: new Date().toISOString(), matchRemoved, likes: state.likes });
  }),

  http.get(`${API}/match/dislikes`, ({ request }) => {
    const member = memberOf(request);
    if (!member) return unauthorized();
    const rows = member.state.swipes.filter((s) => s.actionType === 'dislike').flatMap((s) => {
      const profile = byId.get(s.profileId);
      return profile ? [{ ...card(profile, member.state), swipeId: `sw-${s.profileId}`, swipeDate: s.date }] : [];
    });
    return list(rows, 1, 36, rows.length);
  }),

  http.get(`${API}/matches`, ({ request }) => {
    const member = memberOf(request);
    if (!member) return unauthorized();
    const pageOf = paging(new URL(request.url), 36) ?? { page: 1, limit: 36 };
    const rows = member.state.matches.flatMap((m) => {
      const profile = byId.get(m.profileId);
      return profile ? [{ ...card(profile, member.state), conversationId: m.conversationId, matchDate: m.date }] : [];
    });
    const start = (pageOf.page - 1) * pageOf.limit;
    return list(rows.slice(start, start + pageOf.limit), pageOf.page, pageOf.limit, rows.length);
  }),

  // ---- interests ----
  http.get(`${API}/interests/:kind`, ({ request, params }) => {
    const member = memberOf(request);
    if (!member) return unauthorized();
    const pageOf = paging(new URL(request.url), 24) ?? { page: 1, limit: 24 };
    const { state } = member;
    const now = Date.now();
    const seeded = (ids: number[], hours: number) => ids.map((n, i) => ({ profileId: mockProfileId(n), date: new Date(now - (i + 1) * hours * 3_600_000).toISOString() }));
    const entries: Record<string, { profileId: string; date: string }[]> = {
      favorites: state.favourites.map((profileId, i) => ({ profileId, date: new Date(now - (i + 1) * DAY).toISOString() })),
      'favorited-me': seeded([6, 10, 15, 21, 28, 33, 40], 5),
      viewed: state.viewed,
      'viewed-me': seeded([8, 11, 14, 18, 22, 25, 29, 31, 36, 41, 44, 47, 52, 55, 58, 61, 63, 66, 70, 72, 75, 78, 80, 83, 86, 90, 93], 2),
      proposals: seeded([13, 17, 24], 9),
    };
    const rows = entries[String(params.kind)];
    if (!rows) return errorResponse(404, 'not-found', t('error.not-found'));
    const start = (pageOf.page - 1) * pageOf.limit;
    const data = rows.slice(start, start + pageOf.limit).flatMap((entry) => {
      const profile = byId.get(entry.profileId);
      return profile ? [{ ...card(profile, state), listDate: entry.date }] : [];
    });
    return list(data, pageOf.page, pageOf.limit, rows.length);
  }),

  // ---- the member's own record: favourites, edits, images ----
  http.get(`${API}/user/:id`, ({ request, params }) => {
    const member = memberOf(request);
    if (!member || member.account._id !== params.id || member.account.kind !== 'user') return undefined;
    return HttpResponse.json(userDecorators.reduce((record, decorate) => decorate(member.account, record), userRecord(member.account, member.state)));
  }),

  http.patch(`${API}/user/:id`, async ({ request, params }) => {
    const member = memberOf(request);
    if (!member) return unauthorized();
    if (member.account._id !== params.id) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
    const { state } = member;
    if ('favourite' in body) {
      const profileId = String(body.favourite);
      if (!byId.has(profileId)) return errorResponse(404, 'not-found', 'Profile not found');
      if (!state.isPremium && body.remove !== true) return HttpResponse.json({ error: { code: 'premium-required', message: t('profile-edit.favourite-premium-only'), profileId, feature: 'favourite' } }, { status: 402 });
      state.favourites = body.remove === true ? state.favourites.filter((id) => id !== profileId) : [...new Set([profileId, ...state.favourites])];
      return HttpResponse.json({ favorite: body.remove !== true });
    }
    if ('birthDate' in body) return errorResponse(400, 'birth-date-locked', 'The date of birth cannot be changed');
    if (body.password && body.currentPassword !== member.account.password) {
      return HttpResponse.json({ error: { code: 'invalid-current-password', message: 'Your current password is not correct', fields: { currentPassword: 'Your current password is not correct' } } }, { status: 400 });
    }
    const parsed = userPatchBody.safeParse(body);
    if (!parsed.success) return errorResponse(400, 'validation-failed', parsed.error.issues[0]?.message ?? t('error.validation'));
    if (typeof parsed.data.email === 'string' && parsed.data.email.startsWith('taken@')) return errorResponse(422, 'invalid-email', `Invalid email ${parsed.data.email}`);
    const { password: _password, ...edits } = parsed.data;
    state.edits = { ...state.edits, ...edits, ...('ethnicity' in body ? { ethnicity: body.ethnicity } : {}), ...('measurement' in body ? { measurement: body.measurement } : {}) };
    return HttpResponse.json(userRecord(member.account, state));
  }),

  http.post(`${API}/user/upload`, async ({ request }) => {
    // Message images belong to the chat's mock (handlers/messaging.ts).
    if ((await request.clone().formData().catch(() => null))?.get('type') === 'message') return undefined;
    const member = memberOf(request);
    if (!member) return unauthorized();
    const form = await request.formData().catch(() => null);
    const files = form?.getAll('files') ?? [];
    const type = form?.get('type') === 'avatar' ? 'avatar' : 'photo';
    if (files.length < 1 || files.length > 5) return errorResponse(400, 'validation-failed', t('image-uploader.too-many-files', { max: 5 }));
    const created: Image[] = files.map((_, i) => {
      const id = `u-img-${Date.now()}-${i}`;
      const seed = member.state.images.length + i;
      return { _id: id, type, processed: true, under_moderation: true, small: portraitUrl(seed, 'Me'.charAt(0), 120), medium: portraitUrl(seed, 'M', 300), large: portraitUrl(seed, 'M', 600) };
    });
    member.state.images = type === 'avatar' ? [...created.slice(0, 1), ...member.state.images.filter((i) => i.type !== 'avatar')] : [...member.state.images, ...created];
    return HttpResponse.json({ images: created, gallery: member.state.images, profileCompleted: false });
  }),

  http.delete(`${API}/user/:id/image/:imageId`, ({ request, params }) => {
    const member = memberOf(request);
    if (!member) return unauthorized();
    const before = member.state.images.length;
    member.state.images = member.state.images.filter((image) => image._id !== params.imageId);
    if (member.state.images.length === before) return errorResponse(404, 'not-found', t('error.not-found'));
    return HttpResponse.json({ images: member.state.images });
  }),

  // ---- docs/api.md#endpoints locations ----
  http.get(`${API}/json/:file`, ({ request }) => {
    const zip = new URL(request.url).searchParams.get('zipCode')?.trim();
    const rows = zip ? MOCK_LOCATIONS.filter((l) => l.zip.startsWith(zip)) : MOCK_LOCATIONS;
    const cities = new Map(rows.map((l) => [`${l.city}|${l.state}`, { city: l.city, state: l.state }]));
    const zips = new Map(rows.map((l) => [l.zip, { zip: l.zip, state: l.state, city: l.city }]));
    return HttpResponse.json({ by_city: [...cities.values()], by_zip: [...zips.values()] });
  }),
];
