import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { BoardAgent, SupervisorBoard } from '@sync/contract/agents';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { agentBreaks, agentClaims, agentWorkSessions, agents, conversations, profiles, users } from '../../db/schema/index.js';
import { publishSafely } from '../../realtime/publish.js';

/** Online first, then on a break, then offline; by name within each. */
const STATUS_ORDER = { online: 0, paused: 1, offline: 2 } as const;

/**
 * GET /api/admin/board: every agent's status, open session and break, and live claims, read in four indexed
 * queries (agents, open sessions, open breaks, open claims checked against the conversations' claim columns,
 * which are the truth). The times are the server's; the board's timers count on from `now`.
 */
export async function supervisorBoard(exec: Executor, now: Date): Promise<SupervisorBoard> {
  const staff = await exec.select().from(agents);
  const sessions = await exec
    .select({ agentId: agentWorkSessions.agentId, startDate: agentWorkSessions.startDate })
    .from(agentWorkSessions)
    .where(isNull(agentWorkSessions.endDate))
    .orderBy(asc(agentWorkSessions.startDate));
  const breaks = await exec
    .select({ agentId: agentBreaks.agentId, reason: agentBreaks.reason, startDate: agentBreaks.startDate })
    .from(agentBreaks)
    .where(isNull(agentBreaks.endDate))
    .orderBy(asc(agentBreaks.startDate));
  const held = await exec
    .select({
      agentId: agentClaims.agentId,
      conversationId: conversations.id,
      stock: conversations.stock,
      claimDate: conversations.claimDate,
      expiryDate: conversations.claimExpiryDate,
      member: users.username,
      profile: profiles.username,
    })
    .from(agentClaims)
    .innerJoin(conversations, and(eq(conversations.id, agentClaims.conversationId), eq(conversations.claimAgentId, agentClaims.agentId)))
    .innerJoin(users, eq(users.id, conversations.userId))
    .innerJoin(profiles, eq(profiles.id, conversations.profileId))
    .where(and(isNull(agentClaims.endDate), gt(agentClaims.expiryDate, now), gt(conversations.claimExpiryDate, now)))
    .orderBy(asc(conversations.claimDate), asc(conversations.id));

  // The earliest open session and break win (there is at most one of each; a stray second one changes nothing shown).
  const sessionOf = new Map<string, Date>();
  for (const s of sessions) if (!sessionOf.has(s.agentId)) sessionOf.set(s.agentId, s.startDate);
  const breakOf = new Map<string, { reason: string; startDate: Date }>();
  for (const b of breaks) if (!breakOf.has(b.agentId)) breakOf.set(b.agentId, b);

  const rows: BoardAgent[] = staff.map((a) => {
    const session = a.status === 'offline' ? undefined : sessionOf.get(a.id);
    const open = a.status === 'paused' ? breakOf.get(a.id) : undefined;
    return {
      agentId: a.id,
      name: `${a.firstName} ${a.lastName}`.trim(),
      email: a.email,
      role: a.role,
      status: a.status,
      statusLastUpdate: a.statusLastUpdate.toISOString(),
      maxClaims: a.maxClaims,
      session: session ? { startDate: session.toISOString() } : null,
      break: open ? { reason: open.reason, startDate: open.startDate.toISOString() } : null,
      claims: held
        .filter((h) => h.agentId === a.id)
        .map((h) => ({
          conversationId: h.conversationId,
          stock: h.stock,
          claimTime: h.claimDate!.toISOString(),
          expiryTime: h.expiryDate!.toISOString(),
          member: h.member,
          profile: h.profile,
        })),
    };
  });
  rows.sort((x, y) => STATUS_ORDER[x.status] - STATUS_ORDER[y.status] || x.name.localeCompare(y.name) || x.agentId.localeCompare(y.agentId));
  return { now: now.toISOString(), agents: rows };
}

/** Why the board changed (the admins' board refetches on any of them; the reason is for a reader of the frames). */
export type BoardChange = 'status' | 'claim' | 'reply' | 'release' | 'expiry';

/**
 * `supervisorUpdate` to every admin socket, after the change committed: the board reads itself again from the
 * server (GET /api/admin/board) rather than patching a copy from the frame. Never throws: the claim, reply and
 * release answers do not wait for it.
 */
export async function publishBoardChange(deps: Pick<AppDeps, 'realtime'>, agentIds: string[], change: BoardChange) {
  const unique = [...new Set(agentIds)];
  if (unique.length === 0) return;
  await publishSafely(deps, 'admins', { event: 'supervisorUpdate', agentIds: unique, change });
}
