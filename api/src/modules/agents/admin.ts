import { asc, eq, sql } from 'drizzle-orm';
import type { Agent, CreateAgentBody, Report, UpdateAgentBody } from '@sync/contract/agents';
import { t } from '@sync/texts';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { agents, brands } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { revokeSessions } from '../auth/sessions.js';
import { brandScopes } from '../brands/service.js';
import { changeStatus, publishStatus } from './session.js';
import type { AgentRow } from './staff.js';

export function toAgent(row: AgentRow): Agent {
  return {
    _id: row.id,
    type: 'agent',
    createDate: row.createDate.toISOString(),
    updateDate: row.updateDate.toISOString(),
    status: row.status,
    statusLastUpdate: row.statusLastUpdate.toISOString(),
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    images: row.images,
    scope: row.scope,
    role: row.role,
    maxClaims: row.maxClaims,
  };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

const emailTaken = () => new ApiError(409, 'email-taken', 'An agent with this email already exists');

export async function listAgents(exec: Executor) {
  const rows = await exec.select().from(agents).orderBy(asc(agents.lastName), asc(agents.firstName), asc(agents.id));
  return { data: rows.map(toAgent), total: rows.length, page: 1, limit: rows.length };
}

/** A scope is one of the brands' COUNTRY-domain pairs (docs/product.md#constants): anything else would match no conversation. */
async function assertKnownScopes(exec: Executor, scope: string[]) {
  const known = new Set((await exec.select({ countries: brands.countries, domain: brands.domain }).from(brands)).flatMap(brandScopes));
  const unknown = scope.filter((entry) => !known.has(entry));
  if (unknown.length > 0) throw new ApiError(400, 'invalid-scope', `No brand has the scope ${unknown.join(', ')}. Choose scopes from the list.`, { unknown });
}

export async function createAgent(exec: Executor, body: CreateAgentBody, now: Date): Promise<Agent> {
  await assertKnownScopes(exec, body.scope);
  try {
    const [row] = await exec
      .insert(agents)
      .values({
        email: body.email.toLowerCase(),
        passwordHash: await hashPassword(body.password),
        firstName: body.firstName,
        lastName: body.lastName,
        role: body.role,
        scope: [...new Set(body.scope)],
        maxClaims: body.maxClaims,
        createDate: now,
        updateDate: now,
        statusLastUpdate: now,
      })
      .returning();
    return toAgent(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/**
 * PATCH /api/agent/{id}. `status: "offline"` stops the agent's shift (as the agent's own stop would); other
 * statuses are the agent's to set and are refused here. A new password signs the agent out everywhere.
 */
export async function updateAgent(deps: AppDeps, id: string, body: UpdateAgentBody): Promise<Agent> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new ApiError(404, 'not-found', t('error.not-found'));
  if (body.status && body.status !== 'offline') throw new ApiError(400, 'invalid-status', 'An admin can only set an agent offline');
  const now = deps.clock.now();
  const { status, password, scope, email, ...rest } = body;
  if (scope) await assertKnownScopes(deps.db, scope);
  const passwordHash = password ? await hashPassword(password) : undefined;
  let stopped: Awaited<ReturnType<typeof changeStatus>> | undefined;
  let row: AgentRow | undefined;
  try {
    row = await deps.db.transaction(async (tx) => {
      const [found] = await tx.select().from(agents).where(eq(agents.id, id)).for('update');
      if (!found) throw new ApiError(404, 'not-found', t('error.not-found'));
      if (status === 'offline') stopped = await changeStatus(tx, id, 'offline', 'admin', now, 'admin');
      const [updated] = await tx
        .update(agents)
        .set({
          ...rest,
          ...(email ? { email: email.toLowerCase() } : {}),
          ...(scope ? { scope: [...new Set(scope)] } : {}),
          ...(passwordHash ? { passwordHash } : {}),
          updateDate: now,
        })
        .where(eq(agents.id, id))
        .returning();
      return updated!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  if (stopped?.changed) await publishStatus(deps, id, stopped.state, 'admin');
  if (passwordHash) await revokeSessions(deps, { agentId: id }, 'password-changed');
  return toAgent(row);
}

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(res: Rows<T>): T[] => (Array.isArray(res) ? res : res.rows);

/** Replies per online hour, to two decimals; none without online time (an admin replying outside any shift). */
export function rates(sent: number, onlineMs: number) {
  return { onlineMs, repliesPerHour: onlineMs > 0 ? Math.round((sent * 3_600_000 * 100) / onlineMs) / 100 : null };
}

/**
 * GET /api/admin/report: per agent over [from, to] (whole UTC days): messages sent, the time from the member's
 * first unanswered message to the agent's reply (median, p90), claims taken and expired, breaks, online time
 * (in a session, not on a break) and replies per online hour.
 */
export async function agentReport(exec: Executor, fromDay: string, toDay: string, now: Date): Promise<Report> {
  const from = new Date(`${fromDay}T00:00:00.000Z`);
  const to = new Date(new Date(`${toDay}T00:00:00.000Z`).getTime() + 86_400_000);
  if (to <= from) throw new ApiError(400, 'invalid-range', 'from must not be after to');
  if (to.getTime() - from.getTime() > 366 * 86_400_000) throw new ApiError(400, 'invalid-range', 'The range is at most 366 days');
  const res = await exec.execute(sql`
    with replies as (
      select m.agent_id, extract(epoch from (m.date_sent - w.first_user)) * 1000 as ms
      from messages m
      cross join lateral (
        select min(u.date_sent) as first_user from messages u
        where u.conversation_id = m.conversation_id and u.sender_type = 'user' and u.seq < m.seq
          and u.seq > coalesce((select max(p.seq) from messages p
                                where p.conversation_id = m.conversation_id and p.sender_type <> 'user' and p.seq < m.seq), 0)
      ) w
      where m.agent_id is not null and m.date_sent >= ${from.toISOString()}::timestamptz and m.date_sent < ${to.toISOString()}::timestamptz
    ),
    sent as (
      select agent_id, count(*)::int as n,
        percentile_cont(0.5) within group (order by ms) filter (where ms is not null) as median,
        percentile_cont(0.9) within group (order by ms) filter (where ms is not null) as p90
      from replies group by agent_id
    ),
    claims as (
      select agent_id, count(*)::int as n, (count(*) filter (where outcome = 'expired'))::int as expired
      from agent_claims where claim_date >= ${from.toISOString()}::timestamptz and claim_date < ${to.toISOString()}::timestamptz group by agent_id
    ),
    pauses as (
      select agent_id, count(*)::int as n,
        coalesce(sum(extract(epoch from (least(coalesce(end_date, ${now.toISOString()}::timestamptz), ${to.toISOString()}::timestamptz) - start_date)) * 1000), 0)::bigint as ms
      from agent_breaks where start_date >= ${from.toISOString()}::timestamptz and start_date < ${to.toISOString()}::timestamptz group by agent_id
    ),
    -- Online time: each session's and each break's overlap with [from, to), open ones up to now; breaks sit
    -- inside sessions, so what is left after taking them away is the time the agent could take claims.
    shifts as (
      select agent_id, sum(greatest(0, extract(epoch from (least(coalesce(end_date, ${now.toISOString()}::timestamptz), ${to.toISOString()}::timestamptz)
                                                       - greatest(start_date, ${from.toISOString()}::timestamptz))))) * 1000 as ms
      from agent_work_sessions
      where start_date < ${to.toISOString()}::timestamptz and coalesce(end_date, ${now.toISOString()}::timestamptz) > ${from.toISOString()}::timestamptz
      group by agent_id
    ),
    paused as (
      select agent_id, sum(greatest(0, extract(epoch from (least(coalesce(end_date, ${now.toISOString()}::timestamptz), ${to.toISOString()}::timestamptz)
                                                       - greatest(start_date, ${from.toISOString()}::timestamptz))))) * 1000 as ms
      from agent_breaks
      where start_date < ${to.toISOString()}::timestamptz and coalesce(end_date, ${now.toISOString()}::timestamptz) > ${from.toISOString()}::timestamptz
      group by agent_id
    )
    select a.id, a.first_name, a.last_name, a.email,
      coalesce(s.n, 0) as sent, s.median, s.p90,
      coalesce(c.n, 0) as claims, coalesce(c.expired, 0) as expired,
      coalesce(p.n, 0) as breaks, coalesce(p.ms, 0) as break_ms,
      greatest(0, coalesce(w.ms, 0) - coalesce(z.ms, 0))::bigint as online_ms
    from agents a
    left join sent s on s.agent_id = a.id
    left join claims c on c.agent_id = a.id
    left join pauses p on p.agent_id = a.id
    left join shifts w on w.agent_id = a.id
    left join paused z on z.agent_id = a.id
    order by a.last_name, a.first_name, a.id`);
  type Row = {
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    sent: number | string;
    median: number | string | null;
    p90: number | string | null;
    claims: number | string;
    expired: number | string;
    breaks: number | string;
    break_ms: number | string;
    online_ms: number | string;
  };
  const num = (v: number | string | null) => (v === null ? null : Math.round(Number(v)));
  return {
    from: fromDay,
    to: toDay,
    agents: rowsOf(res as unknown as Rows<Row>).map((r) => ({
      ...rates(Number(r.sent), Number(r.online_ms)),
      agentId: r.id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
      messagesSent: Number(r.sent),
      replyTimeMedianMs: num(r.median),
      replyTimeP90Ms: num(r.p90),
      claims: Number(r.claims),
      claimsExpired: Number(r.expired),
      breaks: Number(r.breaks),
      breakMs: Number(r.break_ms),
    })),
  };
}
