import type { ReportItem, ReportOutcome, ReportStatus } from '@sync/contract/safety';
import { api } from '@web/lib/api';

export const REPORTS_PAGE_SIZE = 20;

export interface ReportsPage {
  data: ReportItem[];
  total: number;
  page: number;
  limit: number;
}

/** GET /api/moderation/reports (admins only): open ones oldest first, resolved ones newest first. */
export function fetchReports(status: ReportStatus, page: number, signal?: AbortSignal): Promise<ReportsPage> {
  return api.get<ReportsPage>('/moderation/reports', { query: { status, page, limit: REPORTS_PAGE_SIZE }, loader: false, ...(signal ? { signal } : {}) });
}

/** POST /api/moderation/reports/{id}/resolve: answers the report resolved. */
export function resolveReport(id: string, outcome: ReportOutcome, note?: string): Promise<ReportItem> {
  return api.post<ReportItem>(`/moderation/reports/${encodeURIComponent(id)}/resolve`, { outcome, ...(note ? { note } : {}) }, { loader: false });
}
