import type { ReportItem, ReportOutcome, ReportStatus } from '@sync/contract/safety';
import { call, pathParams, rpc, via } from '@web/lib/rpc';

export const REPORTS_PAGE_SIZE = 20;

export interface ReportsPage {
  data: ReportItem[];
  total: number;
  page: number;
  limit: number;
}

/** GET /api/moderation/reports (admins only): open ones oldest first, resolved ones newest first. */
export function fetchReports(status: ReportStatus, page: number, signal?: AbortSignal): Promise<ReportsPage> {
  const query = { status, page: String(page), limit: String(REPORTS_PAGE_SIZE) };
  return call(rpc.moderation.reports.$get({ query }, via({ loader: false, ...(signal ? { signal } : {}) })));
}

/** POST /api/moderation/reports/{id}/resolve: answers the report resolved. */
export function resolveReport(id: string, outcome: ReportOutcome, note?: string): Promise<ReportItem> {
  return call(rpc.moderation.reports[':id'].resolve.$post({ param: pathParams({ id }), json: { outcome, ...(note ? { note } : {}) } }, via({ loader: false })));
}
