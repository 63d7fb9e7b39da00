import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { ReportBody, ReportItem, ReportStatus, ResolveReportBody } from '@sync/contract/safety';
import { isUuid } from '@sync/rules/ids';
import { t } from '@sync/texts';
import type { AppDeps } from '../../context.js';
import { agents, profileReports, profiles, users } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { loadProfileInfo } from '../messaging/serialize.js';
import { visibleFictive } from '../profiles/cards.js';
import type { Paging } from '@sync/contract/query';
import type { Viewer } from '../profiles/viewer.js';
import { blockProfile } from './blocks.js';

/** Reports one member may file in a day: enough for any real need, too few to flood the admins' screen. */
export const REPORTS_PER_DAY = 20;
const DAY_MS = 24 * 3_600_000;

const notFound = () => new ApiError(404, 'not-found', t('error.not-found'));

/**
 * A member reports a profile of their brand (a blocked one too: blocking first is natural). One open report per
 * member and profile: a repeat answers the open one unchanged. With `block`, the profile is blocked as well.
 */
export async function createReport(deps: AppDeps, viewer: Viewer, profileId: string, body: ReportBody): Promise<{ _id: string; status: ReportStatus; blocked: boolean }> {
  if (!isUuid(profileId)) throw notFound();
  const now = deps.clock.now();
  const report = await deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, profileId), visibleFictive(viewer.brandId)))
      .for('update')
      .limit(1);
    if (!target) throw notFound();
    const [open] = await tx
      .select({ id: profileReports.id })
      .from(profileReports)
      .where(and(eq(profileReports.reporterUserId, viewer.userId), eq(profileReports.profileId, profileId), eq(profileReports.status, 'open')))
      .limit(1);
    if (open) return { _id: open.id, status: 'open' as const };
    const [recent] = await tx
      .select({ n: count() })
      .from(profileReports)
      .where(and(eq(profileReports.reporterUserId, viewer.userId), gt(profileReports.createDate, new Date(now.getTime() - DAY_MS))));
    if (Number(recent?.n ?? 0) >= REPORTS_PER_DAY) {
      throw new ApiError(429, 'too-many-reports', t('error.too-many-requests', { minutes: 60 * 24 }));
    }
    const [row] = await tx
      .insert(profileReports)
      .values({ reporterUserId: viewer.userId, profileId, reason: body.reason, details: body.details ?? '', createDate: now })
      .returning({ id: profileReports.id });
    return { _id: row!.id, status: 'open' as const };
  });
  if (body.block) await blockProfile(deps, viewer, profileId);
  return { ...report, blocked: body.block === true };
}

const itemColumns = {
  report: profileReports,
  reporterName: users.username,
  profileUsername: profiles.username,
  profileKind: profiles.kind,
  profileActive: profiles.active,
  resolverName: sql<string | null>`nullif(trim(${agents.firstName} || ' ' || ${agents.lastName}), '')`,
};

type ReportRow = {
  report: typeof profileReports.$inferSelect;
  reporterName: string | null;
  profileUsername: string;
  profileKind: 'member' | 'fictive';
  profileActive: boolean;
  resolverName: string | null;
};

/** GET /api/moderation/reports: open ones oldest first (the queue), resolved ones newest first (the record). */
export async function listReports(deps: Pick<AppDeps, 'db'>, status: ReportStatus, paging: Paging): Promise<{ data: ReportItem[]; total: number; page: number; limit: number }> {
  const where = eq(profileReports.status, status);
  const order = status === 'open' ? [profileReports.createDate, profileReports.id] : [desc(profileReports.resolveDate), desc(profileReports.id)];
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(itemColumns)
      .from(profileReports)
      .innerJoin(profiles, eq(profiles.id, profileReports.profileId))
      .leftJoin(users, eq(users.id, profileReports.reporterUserId))
      .leftJoin(agents, eq(agents.id, profileReports.resolvedByAgentId))
      .where(where)
      .orderBy(...order)
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    deps.db.select({ n: count() }).from(profileReports).where(where),
  ]);
  const info = await loadProfileInfo(
    deps.db,
    rows.map((r) => r.report.profileId),
  );
  return {
    data: rows.map((r) => toItem(r, info.get(r.report.profileId)?.summary.avatar ?? null)),
    total: Number(total?.n ?? 0),
    page: paging.page,
    limit: paging.limit,
  };
}

function toItem(r: ReportRow, avatar: string | null): ReportItem {
  return {
    _id: r.report.id,
    reason: r.report.reason,
    details: r.report.details,
    status: r.report.status,
    outcome: r.report.outcome,
    note: r.report.note,
    createDate: r.report.createDate.toISOString(),
    resolveDate: r.report.resolveDate?.toISOString() ?? null,
    // A reporter who deleted their account is gone from the report, which stays about the profile.
    reporter: { userId: r.report.reporterUserId, username: r.reporterName ?? 'Deleted member' },
    profile: { _id: r.report.profileId, username: r.profileUsername, kind: r.profileKind, active: r.profileActive, avatar },
    resolvedBy: r.resolverName,
  };
}

/**
 * An admin resolves an open report: dismissed, a warning noted, or the profile deactivated (it leaves every
 * member's lists at once: visibleFictive wants it active). Resolving twice answers 409.
 */
export async function resolveReport(deps: AppDeps, agentId: string, reportId: string, body: ResolveReportBody): Promise<ReportItem> {
  if (!isUuid(reportId)) throw notFound();
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const [report] = await tx.select().from(profileReports).where(eq(profileReports.id, reportId)).for('update');
    if (!report) throw notFound();
    if (report.status !== 'open') throw new ApiError(409, 'report-resolved', 'This report is already resolved');
    await tx
      .update(profileReports)
      .set({ status: 'resolved', outcome: body.outcome, note: body.note ?? null, resolvedByAgentId: agentId, resolveDate: now })
      .where(eq(profileReports.id, reportId));
    if (body.outcome === 'profile-deactivated') {
      await tx.update(profiles).set({ active: false, updateDate: now }).where(eq(profiles.id, report.profileId));
      // Every other open report on that profile is answered by the same decision.
      await tx
        .update(profileReports)
        .set({ status: 'resolved', outcome: body.outcome, note: body.note ?? null, resolvedByAgentId: agentId, resolveDate: now })
        .where(and(eq(profileReports.profileId, report.profileId), eq(profileReports.status, 'open')));
    }
    return reportId;
  });
  const [row] = await deps.db
    .select(itemColumns)
    .from(profileReports)
    .innerJoin(profiles, eq(profiles.id, profileReports.profileId))
    .leftJoin(users, eq(users.id, profileReports.reporterUserId))
    .leftJoin(agents, eq(agents.id, profileReports.resolvedByAgentId))
    .where(eq(profileReports.id, id));
  const info = await loadProfileInfo(deps.db, [row!.report.profileId]);
  return toItem(row!, info.get(row!.report.profileId)?.summary.avatar ?? null);
}
