/**
 * `npm run bench -- <name>`: the benchmarks of issues C and D. Each prints a result table; the exit code is
 * non-zero when an invariant breaks (a message lost or duplicated, a conversation claimed twice). Speed
 * targets are reported as met or MISSED, never asserted: they depend on the machine.
 */
const benches: Record<string, { about: string; run: (args: string[]) => Promise<boolean> }> = {
  messages: {
    about: 'PostgreSQL: HTTP sends at 50 connections vs pgbench tpcb-like, p99 delivery to a socket on a 2nd process, RSS of 10,000 idle sockets',
    run: async (args) => (await import('./messages.js')).main(args),
  },
  faults: {
    about: '2,000 sends from 20 devices through a proxy that resets, drops and delays: 0 lost, 0 duplicated, credits = messages = ledger debits',
    run: async (args) => (await import('./faults-main.js')).main(args),
  },
  claims: {
    about: 'PostgreSQL: 50 agents claiming and replying on 10,000 stocked conversations vs pgbench tpcb-like; double claims must be 0',
    run: async (args) => (await import('./claims.js')).main(args),
  },
  profiles: {
    about: 'PostgreSQL: GET /api/profiles on 100,000 profiles, every sort and filter set, vs Hono hello world; ratio, p99, CPU per request',
    run: async (args) => (await import('./profiles.js')).main(args),
  },
  scale: {
    about: 'PostgreSQL: 1, 2 and 4 API processes behind nginx (deploy/nginx/amora.conf): sends/s, claims/s and newMessage delivery p99 per process count',
    run: async (args) => (await import('./scale.js')).main(args),
  },
  console: {
    about: 'Chromium: one agent claims (Alt N) and replies (Ctrl Enter) in a loop on PostgreSQL: claim → chat shown, reply → confirmed p50/p95, replies per minute',
    run: async (args) => (await import('./console.js')).main(args),
  },
  lighthouse: {
    about: 'Chromium: Lighthouse mobile (from npm, installed on first use) on /, /sign-in and, as the demo member, /profiles; median and range against the targets',
    run: async (args) => (await import('./lighthouse.js')).main(args),
  },
  sync: {
    about: 'PostgreSQL: a member with 500 conversations × 50 messages: first sync (all pages), 1,000 offline sends in 2 pushes of 500 → stored',
    run: async () => (await import('./sync.js')).main(),
  },
};

const [choice, ...rest] = process.argv.slice(2);
if (!choice || !Object.hasOwn(benches, choice)) {
  if (choice) console.error(`Unknown benchmark "${choice}".`);
  console.log('Usage: npm run bench -- <name> [options]\n');
  for (const [key, b] of Object.entries(benches)) console.log(`  ${key.padEnd(9)} ${b.about}`);
  process.exit(choice ? 2 : 0);
}
export {};
try {
  const ok = await benches[choice]!.run(rest);
  process.exit(ok ? 0 : 1);
} catch (err) {
  console.error(`[bench] ${choice} failed:`, err);
  process.exit(1);
}
