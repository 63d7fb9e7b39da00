/** docs/api.md#general: the one error shape and the list envelope. */
import { z } from 'zod';
import { text } from './text.js';

/**
 * Codes the API answers with. The body accepts any kebab-case code, so a newer server never
 * breaks an older client; these are the ones both sides name in code.
 */
export const errorCodes = [
  'validation-failed',
  'invalid-credentials',
  'too-many-attempts',
  'agent-already-logged-in',
  'unauthorized',
  'token-expired',
  'forbidden',
  'not-found',
  'conflict',
  'idempotency-conflict',
  'invalid-email',
  'captcha-required',
  'no-credits',
  'no-likes',
  'no-subscription',
  'new-messages',
  'claim-required',
  'pause-once-per-hour',
  'payment-failed',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const apiErrorBody = z.object({
  error: z.object({
    code: text().regex(KEBAB_CASE),
    message: text(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

export function apiError(code: ErrorCode | (string & {}), message: string): ApiErrorBody {
  return { error: { code, message } };
}

/** `{ data, total, page, limit }` around a list of `item`. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
  });
}
export interface ListEnvelope<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}

export const LIMIT_MAX = 100;
