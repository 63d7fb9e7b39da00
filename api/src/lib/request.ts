import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from '../context.js';

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
  if (c.get('deps').config.trustProxy && forwarded) return forwarded.slice(0, 100);
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

/** The JSON body; an empty body reads as {} where every field is optional. */
export async function readJson(c: Context, { allowEmpty = false } = {}): Promise<unknown> {
  const text = await c.req.text();
  if (allowEmpty && text.trim() === '') return {};
  return JSON.parse(text);
}
