/**
 * The OpenAPI 3.1 document of every route, built from the operations in operations/*.ts with zod-openapi
 * (request schemas rendered as the server reads them, answers as it writes them).
 */
import { z } from 'zod';
import { createDocument, type oas31, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { apiErrorBody } from '@sync/contract/errors';
import { openApiPath, type Answer, type Caller, type Operation } from './describe.js';
import { publicOperations } from './operations/public.js';
import { memberOperations } from './operations/member.js';
import { staffOperations } from './operations/staff.js';
import { safetyOperations } from './operations/safety.js';
import { snippetOperations } from './operations/snippets.js';

export const operations: readonly Operation[] = [...publicOperations, ...memberOperations, ...safetyOperations, ...staffOperations, ...snippetOperations];

const errorBody = apiErrorBody
  .extend({ error: apiErrorBody.shape.error.extend({ fields: z.record(z.string(), z.string()).optional() }).loose() })
  .meta({
    id: 'Error',
    description: 'Every error: a kebab-case code and a message; invalid bodies name each field in `fields`.',
    examples: [{ error: { code: 'not-found', message: 'Not found' } }],
  });

/** Security scheme per caller; each operation lists its callers as alternatives. */
const SCHEMES: Record<Caller, string> = { member: 'memberToken', staff: 'staffToken', admin: 'adminToken', apiKey: 'brandApiKey' };

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Not signed in',
  402: 'Payment required',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  412: 'Precondition failed',
  413: 'Too large',
  422: 'Unprocessable',
  429: 'Too many requests',
  503: 'Unavailable',
};

function answerObject(answer: Answer) {
  switch (answer.kind) {
    case 'json':
      return { description: answer.description, content: { 'application/json': { schema: answer.schema! } } };
    case 'html':
      return { description: answer.description, content: { 'text/html': { schema: { type: 'string' as const } } } };
    case 'binary':
      return {
        description: answer.description,
        content: Object.fromEntries(answer.mediaTypes!.map((type) => [type, { schema: { type: 'string' as const, format: 'binary' } }])),
      };
    case 'redirect':
      return { description: answer.description, headers: { Location: { schema: { type: 'string' as const }, description: 'Where to go' } } };
    case 'empty':
    case 'upgrade':
      return { description: answer.description };
  }
}

function operationObject(op: Operation): ZodOpenApiOperationObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, answer] of Object.entries(op.answers)) responses[status as `2${string}`] = answerObject(answer);
  const errors = { ...op.errors };
  // Every JSON body is read with the same limit and parser (app.ts).
  if (op.body) {
    errors[400] ??= 'invalid-json';
    errors[413] ??= 'payload-too-large';
  }
  for (const [status, codes] of Object.entries(errors)) {
    responses[status as `4${string}`] = {
      description: `${STATUS_TEXT[Number(status)] ?? 'Error'}: ${codes}`,
      content: { 'application/json': { schema: errorBody } },
    };
  }
  const header = op.idempotent
    ? z.object({ 'idempotency-key': z.string().min(1).max(255).optional().meta({ description: 'A repeat with the same key answers the first result' }) })
    : undefined;
  const operation: ZodOpenApiOperationObject = {
    operationId: operationId(op),
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: op.callers.map((caller) => ({ [SCHEMES[caller]]: [] })),
    requestParams: {
      ...(op.params ? { path: op.params } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(header ? { header } : {}),
    },
    responses,
  };
  if (op.body) {
    operation.requestBody = { required: op.bodyRequired !== false, content: { 'application/json': { schema: op.body } } };
  } else if (op.form) {
    operation.requestBody = { required: true, content: { [op.form.mediaType]: { schema: op.form.schema } } };
  }
  return operation;
}

/** `GET /api/user/:id` as `getUserById`-like ids: method and the path's words, unique per operation. */
export function operationId(op: Pick<Operation, 'method' | 'path'>): string {
  const words = op.path
    .replace(/^\/api\//, '')
    .replace(/\{[^}]*\}/g, '')
    .split(/[/.-]+/)
    .filter(Boolean)
    .map((word) => (word.startsWith(':') ? `By${capital(word.slice(1))}` : capital(word)));
  return `${op.method}${words.join('')}`;
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function buildDocument(): oas31.OpenAPIObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    const path = openApiPath(op.path);
    paths[path] = { ...paths[path], [op.method]: operationObject(op) };
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Amora API',
        version: '1',
        description:
          'The member PWA, the agent console and the brand sites call this API. Errors answer `{ error: { code, message } }`. ' +
          'Sign in with POST /api/authenticate and send the token as `Authorization: Bearer <token>`.',
      },
      servers: [{ url: '/' }],
      paths,
      components: {
        securitySchemes: {
          memberToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A member’s access token (POST /api/authenticate, type user)' },
          staffToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An agent’s or admin’s access token (type agent)' },
          adminToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An admin’s access token' },
          brandApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'The brand’s public API key (GET /api/config)' },
        },
      },
    },
    { allowEmptySchema: { custom: true } },
  );
}

let built: oas31.OpenAPIObject | undefined;

/** Built once, on first use: the operations never change while the process runs. */
export function openApiDocument(): oas31.OpenAPIObject {
  built ??= buildDocument();
  return built;
}
