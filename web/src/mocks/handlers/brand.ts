import { http, HttpResponse } from 'msw';
import { t } from '@sync/texts';
import { mockBrand, mockConfig } from '../data';
import { errorResponse } from '../http-error';

const API = '*/api';

const hasKey = (request: Request) => request.headers.get('x-api-key') === mockConfig.apiKey;

export const brandHandlers = [
  http.get(`${API}/config`, () => HttpResponse.json(mockConfig)),
  http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok' })),
  http.get(`${API}/brand/:id`, ({ params, request }) => {
    if (!hasKey(request)) return errorResponse(401, 'unauthorized', t('error.unauthorized'));
    if (params.id !== mockBrand._id) return errorResponse(404, 'not-found', t('error.not-found'));
    return HttpResponse.json(mockBrand);
  }),
  http.get(`${API}/brands`, ({ request }) => {
    if (!hasKey(request)) return errorResponse(401, 'unauthorized', t('error.unauthorized'));
    return HttpResponse.json({ data: [{ ...mockBrand, scopes: ['US-localhost', 'GB-localhost'] }], total: 1, page: 1, limit: 1 });
  }),
];
