import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { requestHeader } from './request-header.js';

/**
 * A JSON request's body read straight from Node's request stream into Hono's body cache, where c.req.text(),
 * .json() and the validators find it. Read through c.req, @hono/node-server first builds a whole web Request
 * for it (an AbortController, Headers, a web stream over the socket): several times the CPU of the read
 * itself on a small body. Only for a body of known length on the Node server (app.request() in tests has no
 * Node request); the caller has checked the length against its limit, which Node's parser then holds the body to.
 */
export function readJsonBodyFromNode(c: Context): void {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || !requestHeader(c, 'content-type')?.startsWith('application/json')) return;
  const text = new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(new TextDecoder().decode(Buffer.concat(chunks))));
    incoming.on('error', reject);
    incoming.on('close', () => {
      if (!incoming.complete) reject(new Error('request body aborted'));
    });
  });
  // A route that never reads the body (refused before it) must not leave a rejection unhandled.
  text.catch(() => undefined);
  // Hono's cache holds the pending read (its type declares the value).
  (c.req.bodyCache as { text?: Promise<string> }).text = text;
}
