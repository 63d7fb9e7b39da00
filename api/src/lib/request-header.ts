import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * A request header, read from Node's parsed headers when the app runs on @hono/node-server, else from the web
 * Request (app.request() in tests has no Node request). c.req.header() makes node-server build a web Headers
 * from every header of the request on its first use, checking each value: about 3% of the API's CPU on a kept
 * profile-list answer, whose path reads only a handful. Node keeps the first of a repeated Authorization or Host
 * where the web Headers joins them; either way a request gets one answer.
 */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
