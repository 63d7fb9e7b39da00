/**
 * A child process that opens many idle member websockets and holds them (the 10,000-socket figure of
 * `npm run bench -- messages`). One process per few thousand sockets keeps each client within its own
 * file-descriptor limit. Input: BENCH_WS_URL, BENCH_WS_COUNT, BENCH_WS_TOKENS (comma-separated).
 * Output: JSON lines {opened, failed} as it goes and {ready: true, opened, failed} when done; it then holds
 * the sockets until SIGTERM or until its stdin closes.
 */
import WebSocket from 'ws';

const url = process.env.BENCH_WS_URL!;
const count = Number(process.env.BENCH_WS_COUNT);
const tokens = (process.env.BENCH_WS_TOKENS ?? '').split(',').filter(Boolean);
const IN_FLIGHT = 64;

const sockets: WebSocket[] = [];
let opened = 0;
let failed = 0;
let closedAfterOpen = 0;

function openOne(i: number): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url}?token=${encodeURIComponent(tokens[i % tokens.length]!)}`, { perMessageDeflate: false, handshakeTimeout: 30_000 });
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      if (ok) opened += 1;
      else failed += 1;
      resolve();
    };
    ws.on('open', () => {
      sockets.push(ws);
      done(true);
    });
    ws.on('error', () => done(false));
    ws.on('close', (code) => {
      if (settled && code !== 1000) closedAfterOpen += 1;
      done(false);
    });
    // Heartbeats from the server are the only traffic; the client answers none (idle), as a backgrounded tab.
  });
}

let next = 0;
async function worker() {
  while (next < count) await openOne(next++);
}
const progress = setInterval(() => console.log(JSON.stringify({ opened, failed })), 1000);
await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, count) }, worker));
clearInterval(progress);
console.log(JSON.stringify({ ready: true, opened, failed }));
setInterval(() => console.log(JSON.stringify({ holding: sockets.filter((s) => s.readyState === WebSocket.OPEN).length, closedAfterOpen })), 2000);
const stop = () => {
  for (const s of sockets) s.terminate();
  process.exit(0);
};
process.on('SIGTERM', stop);
// The bench holds our stdin: when it goes away, however it ended, so do we.
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
