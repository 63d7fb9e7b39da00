import { zValidator } from '@hono/zod-validator';
import type { Context, Env, MiddlewareHandler, ValidationTargets } from 'hono';
import type { InferInput } from 'hono/validator';
import type { ZodType, z } from 'zod';
import { ApiError } from './errors.js';
import { readJson } from './request.js';

/**
 * zod validation that answers the error shape (docs/api.md#errors): 400, code `invalid-<target>`, the first issue's message
 * (the documented text where the shared schema carries one) and every field's message in `details.fields`.
 */
export function invalidInput(target: keyof ValidationTargets, issues: z.core.$ZodIssue[]): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  const first = issues[0];
  // No form field shows a query's error, so its message names the parameter (`page: must be a whole number…`).
  const named = target === 'query' && first && first.path.length > 0 ? `${first.path.join('.')}: ${first.message}` : first?.message;
  return new ApiError(400, `invalid-${target}`, named ?? 'Invalid request', { fields });
}

/** A query refusal found after validation (a cursor read against its sort), answered as invalidInput answers one. */
export function invalidParam(name: string, message: string): ApiError {
  return invalidInput('query', [{ code: 'custom', path: [name], message, input: undefined }]);
}

/**
 * For the few inputs a handler reads itself (GET /profiles, whose shared list page parses its query only when the
 * page is not cached): the same answer as validate().
 */
export function parseWith<T extends ZodType>(schema: T, data: unknown, target: keyof ValidationTargets = 'json'): z.output<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw invalidInput(target, result.error.issues);
  return result.data;
}

/** What a validated route takes (AppType, so the web's typed client) and what its handler reads from c.req.valid(). */
type Validated<Target extends keyof ValidationTargets, T extends ZodType, Optional extends boolean> = {
  in: Optional extends true
    ? { [K in Target]?: K extends 'json' ? z.input<T> : InferInput<z.input<T>, K> }
    : { [K in Target]: K extends 'json' ? z.input<T> : InferInput<z.input<T>, K> };
  out: { [K in Target]: z.output<T> };
};

export interface ValidateOptions<Optional extends boolean> {
  /** json: an empty body reads as `{}` (every field optional), and the typed client may leave the body out. */
  allowEmpty?: Optional;
  /** Another answer than the 400 for some refusals (docs/product.md#errors-and-texts: a bad address is 422); undefined keeps the 400. */
  refusal?: (issues: z.core.$ZodIssue[], raw: unknown) => ApiError | undefined;
}

/** A schema, or one chosen per request: by the caller (members and staff share a path), the clock, or the body read. */
export type SchemaFor<T extends ZodType> = T | ((c: Context, raw: unknown) => T);

/** The query as Hono's validator reads it: a repeated key as a list. */
export function queryOf(c: Context): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(c.req.queries()).map(([key, values]) => [key, values.length === 1 ? values[0]! : values]));
}

/**
 * The one way a route validates its input (decision 0044): a schema of the shared contract (sync/src/contract)
 * per target, answering invalidInput's 400. A fixed query, path or form schema goes through @hono/zod-validator.
 * A JSON body is read whatever its Content-Type says and a malformed one answers 400 `invalid-json` (readJson),
 * as the API always has: Hono's json validator would skip a body sent without the header and answer its own
 * error for a bad one. A schema chosen per request (SchemaFor) is applied here too, after the middleware before it.
 */
export function validate<T extends ZodType, Target extends 'json' | 'query' | 'param' | 'form', Optional extends boolean = false>(
  target: Target,
  schema: SchemaFor<T>,
  { allowEmpty, refusal }: ValidateOptions<Optional> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Env, as zValidator's own middleware: it reads none of it
): MiddlewareHandler<any, string, Validated<Target, T, Optional>> {
  if (target !== 'json' && typeof schema !== 'function' && !refusal) {
    return zValidator(target, schema, (result) => {
      if (!result.success) throw invalidInput(target, result.error.issues);
    }) as MiddlewareHandler;
  }
  if (target === 'form') throw new Error('validate: a form schema is fixed');
  return async (c: Context<Env>, next) => {
    const raw = target === 'json' ? await readJson(c, { allowEmpty: allowEmpty ?? false }) : target === 'query' ? queryOf(c) : c.req.param();
    const result = await (typeof schema === 'function' ? schema(c, raw) : schema).safeParseAsync(raw);
    if (!result.success) throw refusal?.(result.error.issues, raw) ?? invalidInput(target, result.error.issues);
    c.req.addValidatedData(target, result.data as object);
    await next();
  };
}

/**
 * What a route takes, for AppType, where the handler reads it itself: GET /profiles parses with parseWith() once
 * it knows who asks (the landing page or a member, whose shared list page parses its query only when the page is
 * not cached), and a multipart upload is read under one body limit and checked file by file (uploads/routes.ts),
 * whose answers a form validator's 400 would change.
 */
export function accepts<Target extends 'json' | 'query' | 'form', A extends ZodType, B extends ZodType = A>(
  _target: Target,
  _schema: A,
  _other?: B,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Env, as validate()
): MiddlewareHandler<any, string, Validated<Target, A | B, true>> {
  return async (_c, next) => {
    await next();
  };
}
