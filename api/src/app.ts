import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { UpgradeWebSocket } from 'hono/ws';
import { t } from '@sync/texts';
import type { AppDeps, AppEnv } from './context.js';
import { ApiError } from './lib/errors.js';
import { readJsonBodyFromNode } from './lib/node-body.js';
import { refuseUnstorableUrl } from './lib/params.js';
import { healthRoutes } from './modules/health/routes.js';
import { mediaRoutes } from './modules/media/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { devRoutes } from './modules/dev/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { wsRoutes } from './realtime/ws-route.js';
import { brandMiddleware } from './modules/brands/resolve.js';
import { languageScope } from './lib/i18n.js';
import { brandRoutes, configRoutes } from './modules/brands/routes.js';
import { supportRoutes } from './modules/support/routes.js';
import { ssoRoutes } from './modules/sso/routes.js';
import { profileRoutes } from './modules/profiles/routes.js';
import { matchingRoutes } from './modules/matching/routes.js';
import { interestRoutes } from './modules/interests/routes.js';
import { locationRoutes } from './modules/locations/routes.js';
import { messagingRoutes } from './modules/messaging/routes.js';
import { agentRoutes } from './modules/agents/routes.js';
import { replyAsAgent } from './modules/agents/reply.js';
import { staffConversationRoute, staffLookup } from './modules/agents/staff-routes.js';
import { agentAdminRoutes } from './modules/agents/admin-routes.js';
import { snippetRoutes } from './modules/snippets/routes.js';
import { agentSocketClosed, agentWsHandlers } from './modules/agents/socket.js';
import { syncRoutes } from './modules/sync/routes.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { attachmentUploadRoutes } from './modules/agents/attachment-routes.js';
import { moderationRoutes } from './modules/moderation/routes.js';
import { safetyRoutes } from './modules/safety/routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { connectProviderWebhooks } from './modules/payments/connect.js';
import { verificationRoutes } from './modules/verification/routes.js';
import { sandboxRoutes } from './modules/sandbox/routes.js';
import { openApiRoutes } from './openapi/routes.js';
import { pushRoutes } from './modules/push/routes.js';
import { mountWeb } from './web-static.js';
import { requestHeader } from './lib/request-header.js';

export interface CreateAppOptions {
  /** Given by main.ts from @hono/node-ws; tests that need no sockets leave it out. */
  upgradeWebSocket?: UpgradeWebSocket;
  /** Serve the built PWA from config.webDistDir. */
  serveWeb?: boolean;
}

const JSON_BODY_LIMIT = 256 * 1024;

export function createApp(deps: AppDeps, opts: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>();
  connectProviderWebhooks(deps);

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('requestId', requestHeader(c, 'x-request-id') ?? randomUUID());
    await next();
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      // A body refused before it was read whole leaves its rest on the socket: close it, or a keep-alive
      // client sends its next request into that rest and sees the connection hang up.
      if (err.status === 413) c.header('Connection', 'close');
      return c.json({ error: { code: err.code, message: err.message, ...err.details } }, err.status);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const code = status === 413 ? 'payload-too-large' : status === 400 ? 'bad-request' : `http-${status}`;
      const message = status === 413 ? 'The request is too large' : err.message || 'Bad request';
      return c.json({ error: { code, message } }, status);
    }
    if (err instanceof SyntaxError && /JSON/i.test(err.message)) {
      return c.json({ error: { code: 'invalid-json', message: 'The request body is not valid JSON' } }, 400);
    }
    console.error(`[api] ${c.get('requestId')} ${c.req.method} ${c.req.path}`, err);
    return c.json({ error: { code: 'internal', message: t('error.generic') } }, 500);
  });

  const api = new Hono<AppEnv>();
  api.use('*', refuseUnstorableUrl);
  // The security headers are set on Node's response before the app runs (http-server.ts withSecurityHeaders).
  api.use('*', async (c, next) => {
    // Multipart uploads set their own, larger limit on their route. GET and HEAD bodies are never read, and
    // checking one would build the web Request that @hono/node-server otherwise never makes for them.
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || requestHeader(c, 'content-type')?.startsWith('multipart/')) return next();
    // A body of known length is judged by its header (Node's parser holds the body to it), and a JSON one is
    // read from Node's stream; a chunked body is counted as it streams.
    const length = requestHeader(c, 'content-length');
    if (length !== undefined && requestHeader(c, 'transfer-encoding') === undefined) {
      if (Number(length) > JSON_BODY_LIMIT) throw new ApiError(413, 'payload-too-large', 'The request is too large');
      readJsonBodyFromNode(c);
      return next();
    }
    return bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: () => {
        throw new ApiError(413, 'payload-too-large', 'The request is too large');
      },
    })(c, next);
  });

  // Every call but health knows its brand (docs/product.md#overview: branded per domain).
  api.use('*', async (c, next) => (c.req.path === '/api/health' ? next() : brandMiddleware(c, next)));
  // Error messages and mails in the request's language (lib/i18n.ts).
  api.use('*', languageScope);

  const routes = mountModules(api);
  if (opts.upgradeWebSocket) api.route('/', wsRoutes(opts.upgradeWebSocket, { handlers: agentWsHandlers, onClose: agentSocketClosed }));

  app.route('/api', routes);
  app.all('/api/*', (c) => c.json({ error: { code: 'not-found', message: `Page not found: ${c.req.path}` } }, 404));

  if (opts.serveWeb) mountWeb(app, deps.config.webDistDir);
  return app;
}

/**
 * The modules' sub-apps, one chained .route() each, so the result's type carries every route (path, method,
 * validated input, answers) for the web's typed client: AppType is this chain's type, not the outer app's
 * (whose middleware and mounts erase it).
 */
function mountModules(api: Hono<AppEnv>) {
  return api
    .route('/', healthRoutes)
    .route('/', mediaRoutes)
    .route('/', configRoutes)
    .route('/', brandRoutes)
    .route('/', supportRoutes)
    .route('/', ssoRoutes)
    .route('/', profileRoutes)
    .route('/', matchingRoutes)
    .route('/', interestRoutes)
    .route('/', locationRoutes)
    .route('/', messagingRoutes({ lookup: staffLookup, conversation: staffConversationRoute, reply: replyAsAgent }))
    .route('/', agentRoutes)
    .route('/', agentAdminRoutes)
    .route('/', snippetRoutes)
    .route('/', syncRoutes)
    .route('/', authRoutes)
    .route('/', userRoutes)
    .route('/', uploadRoutes)
    .route('/', attachmentUploadRoutes)
    .route('/', moderationRoutes)
    .route('/', safetyRoutes)
    .route('/', paymentRoutes)
    .route('/', pushRoutes)
    .route('/', verificationRoutes)
    .route('/', sandboxRoutes)
    .route('/', openApiRoutes)
    .route('/', devRoutes);
}

/** Every API route, relative to the API base (`/api`): the web's hc client is built on this type. */
export type AppType = ReturnType<typeof mountModules>;
