import { http, HttpResponse } from 'msw';
import type { BlockedProfile, ReportItem } from '@sync/contract/safety';
import { accountOf, messagingMock } from './messaging';

/**
 * Blocks, reports and account deletion on msw (api/src/modules/safety/routes.ts, users/account-deletion.ts), kept
 * in memory for testers' mode: blocking lists the profile in settings and hides its conversation in the engine's
 * server (messagingMock), a report answers as the API does, the
 * reports screen starts empty.
 */
const API = '*/api';
const blocks: BlockedProfile[] = [];
const reports: ReportItem[] = [];

export const safetyHandlers = [
  http.get(`${API}/blocks`, () => HttpResponse.json({ data: blocks })),
  http.post(`${API}/profile/:id/block`, async ({ params, request }) => {
    const profileId = String(params.id);
    if (!blocks.some((b) => b.profileId === profileId)) blocks.unshift({ profileId, username: profileId, avatar: null, blockDate: new Date().toISOString() });
    await messagingMock.block(accountOf(request), profileId, true);
    return HttpResponse.json({ profileId, blocked: true });
  }),
  http.delete(`${API}/profile/:id/block`, async ({ params, request }) => {
    const at = blocks.findIndex((b) => b.profileId === params.id);
    if (at < 0) return HttpResponse.json({ error: { code: 'not-found', message: 'Not found.' } }, { status: 404 });
    blocks.splice(at, 1);
    await messagingMock.block(accountOf(request), String(params.id), false);
    return HttpResponse.json({ profileId: params.id, blocked: false });
  }),
  http.post(`${API}/profile/:id/report`, async ({ request }) => {
    const body = (await request.json()) as { block?: boolean };
    return HttpResponse.json({ _id: crypto.randomUUID(), status: 'open', blocked: body.block === true }, { status: 201 });
  }),
  http.get(`${API}/moderation/reports`, () => HttpResponse.json({ data: reports, total: reports.length, page: 1, limit: 20 })),
  http.post(`${API}/user/:id/deletion`, () => HttpResponse.json({ deletionDate: new Date(Date.now() + 14 * 86_400_000).toISOString() })),
];
