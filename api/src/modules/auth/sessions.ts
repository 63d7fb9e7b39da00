import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { isUuid } from '@sync/rules/ids';
import type { AppDeps, AuthContext } from '../../context.js';
import type { Db, Executor } from '../../db/client.js';
import { agents, authSessions, users } from '../../db/schema/index.js';
import { signAccessToken, verifyAccessToken, type AccessClaims } from './tokens.js';

/** A refreshed session still ends this long after sign-in; then the member signs in again. */
export const SESSION_MAX_MS = 30 * 24 * 60 * 60_000;
/** lastSeenDate (and the account's activityDate) is written at most this often per session. */
export const TOUCH_INTERVAL_MS = 60_000;
/** Close code for sockets of a session that ended (logout, take-over, password change). */
export const LOGOUT_CLOSE_CODE = 4000;

export type Subject = { type: 'user'; id: string } | { type: 'agent'; id: string };

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
}

export interface IssuedSession {
  access_token: string;
  sid: string;
}

type Deps = Pick<AppDeps, 'config' | 'clock' | 'db'>;
type AuthDeps = Pick<AppDeps, 'config' | 'clock' | 'db' | 'sessions'>;
type RevokeDeps = Pick<AppDeps, 'db' | 'clock' | 'realtime' | 'sessions'>;

/**
 * Opens a new session (one signed-in device) for a member or an agent and signs its first access token.
 * Everything that signs someone in (password, registration, auto-login, single sign-on) goes through here.
 */
export async function issueSession(deps: Deps, subject: Subject, meta: SessionMeta = {}, exec: Executor = deps.db): Promise<IssuedSession> {
  const now = deps.clock.now();
  const expiry = new Date(now.getTime() + deps.config.tokenTtlMs);
  const [row] = await exec
    .insert(authSessions)
    .values({
      subjectType: subject.type,
      userId: subject.type === 'user' ? subject.id : null,
      agentId: subject.type === 'agent' ? subject.id : null,
      ip: meta.ip?.slice(0, 100) ?? null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      createDate: now,
      lastSeenDate: now,
      expiryDate: expiry,
    })
    .returning({ id: authSessions.id });
  const sid = row!.id;
  const claims = await claimsFor(exec, subject, sid);
  return { access_token: await signAccessToken(deps, claims, expiry), sid };
}

/**
 * `gen` is the session's token generation (refresh rotation). Agents' tokens carry the docs/product.md#data Agent fields, so the console knows who is signed in from the token alone.
 * Members' tokens carry only the ids: their state comes from GET /api/user/{id}.
 */
async function claimsFor(exec: Executor, subject: Subject, sid: string, gen = 0): Promise<AccessClaims> {
  if (subject.type === 'user') return { _id: subject.id, type: 'user', sid, gen };
  const [agent] = await exec.select().from(agents).where(eq(agents.id, subject.id)).limit(1);
  if (!agent) throw new Error(`agent ${subject.id} vanished while signing in`);
  return {
    _id: agent.id,
    type: 'agent',
    sid,
    gen,
    role: agent.role,
    email: agent.email,
    firstName: agent.firstName,
    lastName: agent.lastName,
    scope: agent.scope,
    images: agent.images,
    status: agent.status,
    statusLastUpdate: agent.statusLastUpdate.toISOString(),
    createDate: agent.createDate.toISOString(),
    updateDate: agent.updateDate.toISOString(),
  };
}

export type SessionFailure = 'invalid' | 'expired' | 'revoked' | 'blocked';
export type SessionCheck = { ok: true; auth: AuthContext } | { ok: false; reason: SessionFailure };

function prepareSessionLookup(db: Db) {
  return db
    .select({
      id: authSessions.id,
      subjectType: authSessions.subjectType,
      userId: authSessions.userId,
      agentId: authSessions.agentId,
      lastSeenDate: authSessions.lastSeenDate,
      expiryDate: authSessions.expiryDate,
      revokedDate: authSessions.revokedDate,
      blocked: users.blocked,
      role: agents.role,
    })
    .from(authSessions)
    .leftJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(agents, eq(agents.id, authSessions.agentId))
    .where(eq(authSessions.id, sql.placeholder('sid')))
    .limit(1)
    .prepare('auth_session_lookup');
}

// Every authenticated request runs this read: built once per database and prepared by name, so neither drizzle
// nor PostgreSQL parses it again (the session itself is still read fresh: a forced logout stays immediate).
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();
function sessionLookup(db: Db) {
  let prepared = sessionLookups.get(db);
  if (!prepared) sessionLookups.set(db, (prepared = prepareSessionLookup(db)));
  return prepared;
}

/** Token signature, expiry and the live session behind it; used by requireAuth and the websocket. */
export async function authenticateAccessToken(deps: AuthDeps, token: string): Promise<SessionCheck> {
  const check = await verifyAccessToken(deps, token);
  if (!check.ok) return { ok: false, reason: check.reason };
  const { claims } = check;
  if (!isUuid(claims.sid) || !isUuid(claims._id)) return { ok: false, reason: 'invalid' };
  let row = deps.sessions.get(claims.sid);
  if (!row) {
    [row] = await sessionLookup(deps.db).execute({ sid: claims.sid });
    if (row) deps.sessions.set(row);
  }
  if (!row) return { ok: false, reason: 'revoked' };
  const subjectId = row.subjectType === 'user' ? row.userId : row.agentId;
  if (row.subjectType !== claims.type || subjectId !== claims._id) return { ok: false, reason: 'invalid' };
  if (row.revokedDate) return { ok: false, reason: 'revoked' };
  const now = deps.clock.now();
  if (row.expiryDate.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  if (row.blocked) return { ok: false, reason: 'blocked' };
  if (now.getTime() - row.lastSeenDate.getTime() >= TOUCH_INTERVAL_MS) {
    await touch(deps, row.id, row.subjectType, subjectId, now);
    deps.sessions.set({ ...row, lastSeenDate: now });
  }
  const auth: AuthContext = { type: row.subjectType, id: subjectId, sid: row.id };
  if (row.subjectType === 'agent' && row.role) auth.role = row.role;
  return { ok: true, auth };
}

async function touch(deps: Deps, sid: string, type: 'user' | 'agent', id: string, now: Date) {
  await deps.db.update(authSessions).set({ lastSeenDate: now }).where(eq(authSessions.id, sid));
  if (type === 'user') await deps.db.update(users).set({ activityDate: now }).where(eq(users.id, id));
}

export type RefreshFailure = SessionFailure | 'superseded' | 'reused';
export type RefreshOutcome = { ok: true; token: string } | { ok: false; reason: RefreshFailure };

/** The generation a token was signed for; tokens signed before rotation existed carry none and count as 0. */
const generationOf = (claims: AccessClaims) => (typeof claims.gen === 'number' ? claims.gen : 0);

/** A session's next expiry: a token's lifetime from now, never beyond SESSION_MAX_MS after sign-in; none when under a minute is left. */
function nextExpiry(deps: Pick<AppDeps, 'config'>, createDate: Date, now: Date): Date | undefined {
  const expiry = new Date(Math.min(now.getTime() + deps.config.tokenTtlMs, createDate.getTime() + SESSION_MAX_MS));
  return expiry.getTime() - now.getTime() < 60_000 ? undefined : expiry;
}

/**
 * Refreshes in flight in this process, by session and presented generation. Two refreshes with the same token
 * overlapping in time are one client racing itself (the token was current when each was presented), not reuse:
 * the one that finds the generation already moved on is refused as superseded instead of ending the session.
 */
const refreshesInFlight = new Map<string, Set<{ overlapped: boolean }>>();

function enterRefresh(key: string) {
  const entry = { overlapped: false };
  const running = refreshesInFlight.get(key) ?? new Set();
  for (const other of running) other.overlapped = entry.overlapped = true;
  running.add(entry);
  refreshesInFlight.set(key, running);
  return {
    entry,
    leave: () => {
      running.delete(entry);
      if (running.size === 0 && refreshesInFlight.get(key) === running) refreshesInFlight.delete(key);
    },
  };
}

/**
 * PATCH /authenticate with refresh-token rotation (OAuth 2.0 Security BCP §4.14): only a token of the
 * session's current generation refreshes, and the refresh moves the session to the next generation. A replaced
 * token presented again, however soon, means two parties hold the session: it is revoked for both. Only a live
 * session refreshes (docs/product.md#authentication: 403 logs out), and never beyond SESSION_MAX_MS after sign-in.
 */
export async function rotateSessionToken(deps: RevokeDeps & Pick<AppDeps, 'config'>, token: string): Promise<RefreshOutcome> {
  const verified = await verifyAccessToken(deps, token);
  if (!verified.ok) return verified;
  const presented = generationOf(verified.claims);
  const refresh = enterRefresh(`${verified.claims.sid}:${presented}`);
  try {
    return await rotate(deps, token, presented, refresh.entry);
  } finally {
    refresh.leave();
  }
}

async function rotate(deps: RevokeDeps & Pick<AppDeps, 'config'>, token: string, presented: number, refresh: { overlapped: boolean }): Promise<RefreshOutcome> {
  const check = await authenticateAccessToken(deps, token);
  if (!check.ok) return check;
  const { auth } = check;
  const now = deps.clock.now();
  const [session] = await deps.db.select().from(authSessions).where(eq(authSessions.id, auth.sid)).limit(1);
  if (!session || session.revokedDate) return { ok: false, reason: 'revoked' };
  if (presented !== session.tokenGeneration) {
    if (refresh.overlapped && presented === session.tokenGeneration - 1) return { ok: false, reason: 'superseded' };
    // Any other replaced token, even one replaced a moment ago, is reuse: no grace in which a thief who refreshed
    // first keeps the session (docs/decisions/0024-refresh-token-rotation.md). The tabs of one browser hand the
    // new token to each other under a Web Lock and never present a replaced one.
    await revokeSessions(deps, { sid: auth.sid }, 'refresh-token-reused');
    return { ok: false, reason: 'reused' };
  }
  const expiry = nextExpiry(deps, session.createDate, now);
  if (!expiry) return { ok: false, reason: 'expired' };
  // Conditional on the generation: of two refreshes with the same token in flight at once (in this process or in
  // two), one wins. The other's token was current when it was read: superseded, not reuse.
  const [row] = await deps.db
    .update(authSessions)
    .set({ tokenGeneration: presented + 1, rotatedDate: now, expiryDate: expiry, lastSeenDate: now })
    .where(and(eq(authSessions.id, auth.sid), eq(authSessions.tokenGeneration, presented), isNull(authSessions.revokedDate)))
    .returning({ generation: authSessions.tokenGeneration });
  if (!row) return { ok: false, reason: 'superseded' };
  deps.sessions.drop([auth.sid]);
  return { ok: true, token: await signAccessToken(deps, await claimsFor(deps.db, auth, auth.sid, row.generation), expiry) };
}

/**
 * A new token for the caller's own session after something that ends the member's other sessions (a password
 * change): the session moves to the next generation like a refresh, so the caller's older tokens stop refreshing.
 */
export async function reissueSessionToken(deps: AuthDeps, auth: AuthContext): Promise<string | undefined> {
  const now = deps.clock.now();
  const [session] = await deps.db.select().from(authSessions).where(eq(authSessions.id, auth.sid)).limit(1);
  if (!session || session.revokedDate) return undefined;
  const expiry = nextExpiry(deps, session.createDate, now);
  if (!expiry) return undefined;
  const [row] = await deps.db
    .update(authSessions)
    .set({ tokenGeneration: sql`${authSessions.tokenGeneration} + 1`, rotatedDate: now, expiryDate: expiry, lastSeenDate: now })
    .where(and(eq(authSessions.id, auth.sid), isNull(authSessions.revokedDate)))
    .returning({ generation: authSessions.tokenGeneration });
  if (!row) return undefined;
  deps.sessions.drop([auth.sid]);
  return signAccessToken(deps, await claimsFor(deps.db, auth, auth.sid, row.generation), expiry);
}

/**
 * Ends sessions and tells their sockets (room `session:<sid>`) to log out, then closes them. Returns the ids
 * it revoked; sessions already revoked are left alone.
 */
export async function revokeSessions(
  deps: RevokeDeps,
  where: { sid: string } | { userId: string; exceptSid?: string } | { agentId: string },
  reason: string,
): Promise<string[]> {
  const now = deps.clock.now();
  const filter =
    'sid' in where
      ? eq(authSessions.id, where.sid)
      : 'userId' in where
        ? and(eq(authSessions.userId, where.userId), where.exceptSid ? ne(authSessions.id, where.exceptSid) : sql`true`)
        : eq(authSessions.agentId, where.agentId);
  const rows = await deps.db
    .update(authSessions)
    .set({ revokedDate: now, revokedReason: reason })
    .where(and(filter, isNull(authSessions.revokedDate)))
    .returning({ id: authSessions.id, expiryDate: authSessions.expiryDate });
  // This process stops trusting them before it answers; the others when the trigger's NOTIFY reaches them.
  deps.sessions.drop(rows.map((r) => r.id));
  // Expired sessions are marked too, so nothing stays revivable, but only live ones can have sockets to tell.
  const live = rows.filter((r) => r.expiryDate.getTime() > now.getTime()).map((r) => r.id);
  await announceLogout(deps, live, reason);
  return live;
}

export async function announceLogout(deps: Pick<AppDeps, 'realtime'>, sids: string[], reason: string) {
  for (const sid of sids) {
    await deps.realtime.publish(`session:${sid}`, { event: 'logout', reason }, { close: { code: LOGOUT_CLOSE_CODE, reason } });
  }
}

/** An agent session counts as "signed in elsewhere" while unrevoked, unexpired and seen within a token's life. */
export async function liveAgentSessions(deps: Pick<AppDeps, 'config' | 'clock'>, exec: Executor, agentId: string) {
  const now = deps.clock.now();
  const seenAfter = new Date(now.getTime() - deps.config.tokenTtlMs);
  return exec
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.agentId, agentId),
        isNull(authSessions.revokedDate),
        gt(authSessions.expiryDate, now),
        gt(authSessions.lastSeenDate, seenAfter),
      ),
    );
}
