import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { ZodType, z } from 'zod';
import type { AppEnv } from '../context.js';
import { ApiError } from './errors.js';

/** Who asked: kept with sessions and sign-in attempts. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

/**
 * The client's address for per-IP throttling. X-Forwarded-For is only believed behind a configured proxy;
 * otherwise anyone could pick a fresh address per guess. In-process requests (tests) have no socket.
 */
export function clientIp(c: Context<AppEnv>): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (c.var.deps.config.trustProxy && forwarded) return forwarded.slice(0, 100);
  try {
    const address = getConnInfo(c).remote.address;
    if (address) return address;
  } catch {
    // No Node socket behind this request.
  }
  return (forwarded ?? 'local').slice(0, 100);
}

export function requestMeta(c: Context<AppEnv>): RequestMeta {
  return { ip: clientIp(c), userAgent: c.req.header('user-agent')?.slice(0, 500) };
}

/** 400 in the shape validate() answers, for routes whose schema is built per request. */
export function invalidBody(issues: z.core.$ZodIssue[]): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return new ApiError(400, 'invalid-json', issues[0]?.message ?? 'Invalid request', { fields });
}

/** The JSON body; an empty body reads as {} where every field is optional. */
export async function readJson(c: Context<AppEnv>, { allowEmpty = false } = {}): Promise<unknown> {
  const text = await c.req.text();
  if (allowEmpty && text.trim() === '') return {};
  return JSON.parse(text);
}

export function parseWith<T extends ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw invalidBody(result.error.issues);
  return result.data;
}
