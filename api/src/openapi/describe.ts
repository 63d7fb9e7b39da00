/**
 * The vocabulary of the API description: one `Operation` per route the app registers, written next to each
 * other in operations/*.ts rather than in the route files (decision 0060). The OpenAPI document
 * (document.ts) and the fuzz test both read these.
 */
import { z } from 'zod';

export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/**
 * Who may call: `member` a member's bearer token, `staff` an agent's or admin's, `admin` an admin's, `apiKey`
 * the brand's x-api-key header. Several are alternatives; none means open to anyone.
 */
export type Caller = 'member' | 'staff' | 'admin' | 'apiKey';

export type AnswerKind = 'json' | 'html' | 'redirect' | 'binary' | 'empty' | 'upgrade';

export interface Answer {
  kind: AnswerKind;
  description: string;
  schema?: z.ZodType;
  /** binary: the media types served. */
  mediaTypes?: string[];
}

/** Error statuses an operation may answer, each with the codes (and when) it says. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 412 | 413 | 422 | 429 | 503;

export interface Operation {
  method: Method;
  /** The path as the Hono app registers it (`/api/user/:id`), so the route check compares like with like. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  callers: Caller[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body. `bodyRequired: false` when an empty body reads as `{}`. */
  body?: z.ZodType;
  bodyRequired?: boolean;
  /** A form body instead of JSON. */
  form?: { mediaType: 'multipart/form-data' | 'application/x-www-form-urlencoded'; schema: z.ZodObject };
  /** Writes that take an `Idempotency-Key` header (a repeat answers the first result). */
  idempotent?: boolean;
  answers: Partial<Record<101 | 200 | 201 | 204 | 302 | 303, Answer>>;
  errors: Partial<Record<ErrorStatus, string>>;
}

export const json = (schema: z.ZodType, description: string): Answer => ({ kind: 'json', schema, description });
export const html = (description: string): Answer => ({ kind: 'html', description });
export const redirect = (description: string): Answer => ({ kind: 'redirect', description });
export const empty = (description: string): Answer => ({ kind: 'empty', description });
export const binary = (mediaTypes: string[], description: string): Answer => ({ kind: 'binary', mediaTypes, description });

/** A path id: the API's ids are UUIDs, and anything else answers 404 (or 403 for another member's account). */
export const pathId = (description: string) => z.uuid().meta({ description });
export const idParams = (description: string) => z.object({ id: pathId(description) });

/** `{ data, total, page, limit }` around `item`. */
export const page = (item: z.ZodType) =>
  z.object({ data: z.array(item), total: z.number().int().min(0), page: z.number().int().min(1), limit: z.number().int().min(0) });

/** `page` and `limit` as query strings. */
export const pagingQuery = (defaultLimit: number, maxLimit = 100) =>
  z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1).meta({ description: 'Page, from 1' }),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit).meta({ description: `Items a page (at most ${maxLimit})` }),
  });

/** An answer whose shape is documented in prose only (open object). */
export const described = (description: string) => z.looseObject({}).meta({ description });

export const statusSuccess = z.object({ status: z.literal('success'), message: z.string().optional() });

/** Hono's `/user/:id` and `/media/:key{.+}` as OpenAPI's `/user/{id}` and `/media/{key}`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');
}
