import { and, desc, eq, isNull } from 'drizzle-orm';
import { BREAK_INTERVAL_MS, formatLockout, type AgentSessionState, type AgentStatus } from '@sync/contract/agents';
import { t } from '@sync/texts';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { agentBreaks, agentWorkSessions, agents } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { publishSafely } from '../../realtime/publish.js';
import { releaseAllClaims } from './claims.js';
import { publishBoardChange } from './supervisor-board.js';

/** The server's view of an agent's shift (docs/product.md#data session state), read inside the caller's transaction. */
export async function sessionState(exec: Executor, agentId: string, now: Date): Promise<AgentSessionState> {
  const [agent] = await exec.select({ status: agents.status, statusLastUpdate: agents.statusLastUpdate }).from(agents).where(eq(agents.id, agentId));
  if (!agent) throw new ApiError(404, 'not-found', t('error.not-found'));
  const [session] = await exec
    .select()
    .from(agentWorkSessions)
    .where(and(eq(agentWorkSessions.agentId, agentId), isNull(agentWorkSessions.endDate)))
    .orderBy(desc(agentWorkSessions.startDate))
    .limit(1);
  const [lastBreak] = await exec.select().from(agentBreaks).where(eq(agentBreaks.agentId, agentId)).orderBy(desc(agentBreaks.startDate)).limit(1);
  const openBreak = lastBreak && !lastBreak.endDate ? lastBreak : null;
  const left = lastBreak ? Math.max(0, lastBreak.startDate.getTime() + BREAK_INTERVAL_MS - now.getTime()) : 0;
  return {
    status: agent.status,
    statusLastUpdate: agent.statusLastUpdate.toISOString(),
    session: session ? { _id: session.id, startDate: session.startDate.toISOString() } : null,
    break: openBreak ? { _id: openBreak.id, reason: openBreak.reason, startDate: openBreak.startDate.toISOString() } : null,
    lastBreakStart: lastBreak?.startDate.toISOString() ?? null,
    breakIntervalLeftMs: left,
  };
}

async function endOpen(tx: Executor, agentId: string, now: Date, endReason: string) {
  await tx
    .update(agentBreaks)
    .set({ endDate: now })
    .where(and(eq(agentBreaks.agentId, agentId), isNull(agentBreaks.endDate)));
  await tx
    .update(agentWorkSessions)
    .set({ endDate: now, endReason })
    .where(and(eq(agentWorkSessions.agentId, agentId), isNull(agentWorkSessions.endDate)));
}

/**
 * docs/product.md#agent-session agent session: offline → online (start) → paused (break) → online; offline stops, ends the break
 * and the shift and returns the agent's claims to stock. One pause per hour, counted from the last pause's
 * start. The agents row is locked first, so two tabs changing status at once apply one after the other; FOR NO
 * KEY UPDATE, as a claim locks it, which leaves the key-share locks of foreign keys free: a stop must not wait
 * for (or deadlock with) the agent's reply in flight, which holds its conversation and checks the agent's key.
 */
export async function changeStatus(
  tx: Executor,
  agentId: string,
  status: AgentStatus,
  reason: string | undefined,
  now: Date,
  endReason = 'stop',
): Promise<{ state: AgentSessionState; changed: boolean }> {
  const [agent] = await tx.select().from(agents).where(eq(agents.id, agentId)).for('no key update');
  if (!agent) throw new ApiError(404, 'not-found', t('error.not-found'));
  const from = agent.status;
  if (from === status) return { state: await sessionState(tx, agentId, now), changed: false };

  if (status === 'online') {
    if (from === 'paused') {
      await tx
        .update(agentBreaks)
        .set({ endDate: now })
        .where(and(eq(agentBreaks.agentId, agentId), isNull(agentBreaks.endDate)));
    }
    const [open] = await tx
      .select({ id: agentWorkSessions.id })
      .from(agentWorkSessions)
      .where(and(eq(agentWorkSessions.agentId, agentId), isNull(agentWorkSessions.endDate)));
    if (!open) await tx.insert(agentWorkSessions).values({ agentId, startDate: now });
  } else if (status === 'paused') {
    if (from !== 'online') throw new ApiError(409, 'session-not-started', 'Start a session before taking a break');
    const [last] = await tx.select().from(agentBreaks).where(eq(agentBreaks.agentId, agentId)).orderBy(desc(agentBreaks.startDate)).limit(1);
    const left = last ? last.startDate.getTime() + BREAK_INTERVAL_MS - now.getTime() : 0;
    if (left > 0) {
      throw new ApiError(429, 'pause-once-per-hour', t('agent.pause-once-per-hour', { time: formatLockout(left) }), { leftMs: left });
    }
    const [session] = await tx
      .select({ id: agentWorkSessions.id })
      .from(agentWorkSessions)
      .where(and(eq(agentWorkSessions.agentId, agentId), isNull(agentWorkSessions.endDate)));
    await tx.insert(agentBreaks).values({ agentId, workSessionId: session?.id ?? null, reason: reason ?? '', startDate: now });
  } else {
    await endOpen(tx, agentId, now, endReason);
    await releaseAllClaims(tx, agentId, now);
  }
  await tx.update(agents).set({ status, statusLastUpdate: now, updateDate: now }).where(eq(agents.id, agentId));
  return { state: await sessionState(tx, agentId, now), changed: true };
}

/** agentStatusUpdate to every socket of the agent (all tabs and devices), after commit; the admins' board too. */
export async function publishStatus(deps: AppDeps, agentId: string, state: AgentSessionState, reason: string | null) {
  await publishSafely(deps, `agent:${agentId}`, { event: 'agentStatusUpdate', agentId, reason, ...state });
  await publishBoardChange(deps, [agentId], 'status');
}
