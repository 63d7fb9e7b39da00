import type { ModerationItem } from '@api/modules/moderation/service';
import type { ModerationStatus } from '@sync/contract/safety';
import { call, pathParams, rpc, via } from '@web/lib/rpc';

export type { ModerationItem, ModerationStatus };
export const MODERATION_TABS: readonly ModerationStatus[] = ['pending', 'approved', 'rejected'];
export const MODERATION_PAGE_SIZE = 24;

export interface ModerationPage {
  data: ModerationItem[];
  total: number;
  page: number;
  limit: number;
}

/** GET /api/moderation/images (admins only): newest first, in the list envelope. */
export function fetchModeration(status: ModerationStatus, page: number, limit = MODERATION_PAGE_SIZE, signal?: AbortSignal): Promise<ModerationPage> {
  return call(rpc.moderation.images.$get({ query: { status, page: String(page), limit: String(limit) } }, via(signal ? { signal } : {})));
}

/** POST /api/moderation/images/{id}/approve | reject: answers the item in its new state. */
export function decideImage(id: string, decision: 'approve' | 'reject'): Promise<ModerationItem> {
  return call(rpc.moderation.images[':id'][decision].$post({ param: pathParams({ id }) }));
}
