import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import { t } from '@sync/texts';
import type { AppEnv } from '../context.js';
import type { Executor } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { ApiError } from './errors.js';

/**
 * docs/api.md#general: writes that charge or create accept an Idempotency-Key header. The same key with the
 * same request answers the first result again and changes nothing; with another request, 422.
 *
 * The key is claimed and its answer stored inside the write's own transaction (idempotentWrite), so a crash
 * between the charge and the answer leaves either both or neither: a retry never charges twice. Concurrent
 * requests with one key meet on the unique (subject, key) index: the second waits for the first and replays
 * it. Failures are not stored (their transaction rolled back, nothing changed), so a retry runs again.
 */
export interface IdempotencyState {
  subject: string;
  key: string;
  hash: string;
}

export type IdempotencyEnv = { Variables: AppEnv['Variables'] & { idempotency?: IdempotencyState } };

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

type KeyRow = typeof idempotencyKeys.$inferSelect;

/** Runs after requireAuth: reads the key, fingerprints the request, answers a stored result without running the route. */
export function idempotency(): MiddlewareHandler<IdempotencyEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined) return next();
    if (!KEY_PATTERN.test(key)) throw new ApiError(400, 'invalid-idempotency-key', 'The Idempotency-Key header must be 1 to 255 visible characters');
    const auth = c.get('auth');
    const subject = auth.type === 'user' ? auth.id : `agent:${auth.id}`;
    const hash = createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n`)
      .update(await c.req.text())
      .digest('hex');
    const [stored] = await c.get('deps').db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.subject, subject), eq(idempotencyKeys.key, key)));
    if (stored?.status) return replay(c, stored, hash);
    c.set('idempotency', { subject, key, hash });
    return next();
  };
}

function replay(c: Context<IdempotencyEnv>, row: KeyRow, hash: string): Response {
  if (row.requestHash !== hash) throw new ApiError(422, 'idempotency-conflict', t('error.idempotency-conflict'));
  c.header('Idempotent-Replayed', 'true');
  return c.json(row.response as object, (row.status ?? 200) as ContentfulStatusCode);
}

/** The answer as `c.json(body, status)` types it, so a write's route carries its body into AppType. */
type WriteResponse<T, S extends ContentfulStatusCode> = Response & TypedResponse<JSONParsed<T>, S, 'json'>;

export type WriteOutcome<T, S extends ContentfulStatusCode = ContentfulStatusCode> =
  | { replayed: true; response: WriteResponse<T, S> }
  | { replayed: false; body: T; response: WriteResponse<T, S> };

/**
 * One write transaction that claims the request's key first (if it has one), runs fn, and stores the answer
 * before commit. Without a key it is just a transaction. Side effects that must follow the commit (realtime)
 * belong to the caller, when `replayed` is false.
 */
export async function idempotentWrite<T extends object, S extends ContentfulStatusCode>(
  c: Context<IdempotencyEnv>,
  status: S,
  fn: (tx: Executor) => Promise<T>,
): Promise<WriteOutcome<T, S>> {
  const state = c.get('idempotency');
  const out = await c.get('deps').db.transaction(async (tx): Promise<{ stored: KeyRow } | { body: T }> => {
    if (state) {
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ subject: state.subject, key: state.key, requestHash: state.hash })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      if (!claimed) {
        // Another request with this key committed while we waited on the unique index.
        const [stored] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.subject, state.subject), eq(idempotencyKeys.key, state.key)));
        return { stored: stored! };
      }
    }
    const body = await fn(tx);
    if (state) {
      await tx
        .update(idempotencyKeys)
        .set({ status, response: body })
        .where(and(eq(idempotencyKeys.subject, state.subject), eq(idempotencyKeys.key, state.key)));
    }
    return { body };
  });
  // A replay answers the first request's stored body and status: the same T, as JSON.
  if ('stored' in out) return { replayed: true, response: replay(c, out.stored, state!.hash) as WriteResponse<T, S> };
  return { replayed: false, body: out.body, response: c.json(out.body, status) };
}
