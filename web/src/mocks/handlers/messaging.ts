import { http, HttpResponse } from 'msw';
import { MemoryServer } from '@sync/engine/memory-server';
import type { PullRequest, PushRequest } from '@sync/engine/mutations';

const API = '*/api';

/**
 * The sync endpoints over the engine's in-memory server model (same rules as the SQL server), for one member.
 * Tests reach `messagingMock` to grant credits, cut the network or have a profile reply.
 */
export const messagingMock = {
  server: new MemoryServer(),
  userId: 'member-1',
  /** While true, push and pull fail like a dropped connection. */
  offline: false,
  /** Message images uploaded (POST /user/upload type message), by id. */
  uploads: [] as string[],
  reset(): void {
    this.server = new MemoryServer();
    this.offline = false;
    this.uploads = [];
  },
};

export const messagingHandlers = [
  http.post(`${API}/sync/push`, async ({ request }) => {
    if (messagingMock.offline) return HttpResponse.error();
    return HttpResponse.json(await messagingMock.server.push(messagingMock.userId, (await request.json()) as PushRequest));
  }),
  http.post(`${API}/sync/pull`, async ({ request }) => {
    if (messagingMock.offline) return HttpResponse.error();
    return HttpResponse.json(await messagingMock.server.pull(messagingMock.userId, (await request.json()) as PullRequest));
  }),
  http.get(`${API}/conversation/:id`, () => HttpResponse.json({ messages: [], hasMore: false })),
  // Message images; avatars and photos fall through to the profiles handler.
  http.post(`${API}/user/upload`, async ({ request }) => {
    const form = await request.clone().formData().catch(() => null);
    if (form?.get('type') !== 'message') return undefined;
    if (messagingMock.offline) return HttpResponse.error();
    const id = crypto.randomUUID();
    messagingMock.uploads.push(id);
    const url = (size: string) => `/api/media/u/me/${id}/${size}.jpg`;
    return HttpResponse.json({
      images: [{ _id: id, type: 'message', processed: true, under_moderation: true, small: url('small'), medium: url('medium'), large: url('large') }],
      gallery: [],
      profileCompleted: false,
    });
  }),
];
