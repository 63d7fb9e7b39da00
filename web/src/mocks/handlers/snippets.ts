import { http, HttpResponse } from 'msw';
import { createSnippetBody, updateSnippetBody, type Snippet } from '@sync/contract/snippets';
import { t } from '@sync/texts';
import { errorResponse } from '../http-error';
import { readMockToken } from '../tokens';

const API = '*/api';

/** Canned replies as the API keeps them (api/src/modules/snippets): the author's own, or shared (agentId null). */
const rows: Omit<Snippet, 'editable'>[] = [
  {
    _id: 'snippet-welcome',
    title: 'Welcome',
    body: 'Hi {member}, {profile} here. So glad you wrote!',
    shared: true,
    agentId: null,
    createDate: new Date(0).toISOString(),
    updateDate: new Date(0).toISOString(),
  },
];
let seq = 0;

function staff(request: Request) {
  const claims = readMockToken(request.headers.get('authorization')?.replace(/^Bearer /, ''));
  return claims?.type === 'agent' ? { id: claims._id, admin: claims.role === 'admin' } : null;
}

const view = (row: Omit<Snippet, 'editable'>, who: { id: string; admin: boolean }): Snippet => ({ ...row, editable: row.shared ? who.admin : row.agentId === who.id });
const invalid = (message: string | undefined) => errorResponse(400, 'invalid-json', message ?? 'Invalid request');

/** The row the caller may change, or the answer the server gives (404 another's own, 403 shared for an agent). */
function editable(id: string, who: { id: string; admin: boolean }) {
  const row = rows.find((r) => r._id === id && (r.shared || r.agentId === who.id));
  if (!row) return errorResponse(404, 'not-found', t('error.not-found'));
  if (row.shared && !who.admin) return errorResponse(403, 'forbidden', t('agent.snippet-shared-admin-only'));
  return row;
}

export const snippetHandlers = [
  http.get(`${API}/snippets`, ({ request }) => {
    const who = staff(request);
    if (!who) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const data = rows.filter((r) => r.shared || r.agentId === who.id).map((r) => view(r, who));
    data.sort((a, b) => Number(a.shared) - Number(b.shared) || a.title.localeCompare(b.title));
    return HttpResponse.json({ data, total: data.length });
  }),
  http.post(`${API}/snippets`, async ({ request }) => {
    const who = staff(request);
    if (!who) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const parsed = createSnippetBody.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return invalid(parsed.error.issues[0]?.message);
    if (parsed.data.shared && !who.admin) return errorResponse(403, 'forbidden', t('agent.snippet-shared-admin-only'));
    const now = new Date().toISOString();
    seq += 1;
    const row = { _id: `snippet-${seq}`, title: parsed.data.title, body: parsed.data.body, shared: parsed.data.shared, agentId: parsed.data.shared ? null : who.id, createDate: now, updateDate: now };
    rows.push(row);
    return HttpResponse.json(view(row, who), { status: 201 });
  }),
  http.patch(`${API}/snippets/:id`, async ({ request, params }) => {
    const who = staff(request);
    if (!who) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const parsed = updateSnippetBody.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return invalid(parsed.error.issues[0]?.message);
    const row = editable(String(params.id), who);
    if (row instanceof Response) return row;
    Object.assign(row, parsed.data, { updateDate: new Date().toISOString() });
    return HttpResponse.json(view(row, who));
  }),
  http.delete(`${API}/snippets/:id`, ({ request, params }) => {
    const who = staff(request);
    if (!who) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const row = editable(String(params.id), who);
    if (row instanceof Response) return row;
    rows.splice(rows.indexOf(row), 1);
    return HttpResponse.json({ status: 'success', message: t('agent.snippet-removed') });
  }),
];
