import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * The yardstick of `npm run bench -- profiles`: Hono's hello world on @hono/node-server, in a process of its
 * own like the API, on the port given as the first argument. Prints `listening` once it accepts connections.
 */
const app = new Hono().get('/', (c) => c.text('Hello Hono!'));
serve({ fetch: app.fetch, port: Number(process.argv[2]), hostname: '127.0.0.1' }, () => console.log('listening'));
