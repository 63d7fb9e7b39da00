// First: the catalogue's compiler is in place before any module makes a text at load time (NODE_ENV=production has none).
import './lib/i18n.js';
import { createNodeWebSocket } from '@hono/node-ws';
import { Hono } from 'hono';
import { createApp } from './app.js';
import { ConfigError, describeProviders, loadConfig } from './config.js';
import { buildDeps, closeDeps } from './deps.js';
import { seedDemoData } from './db/seed/seed.js';
import { securityHeaders, serveApp } from './http-server.js';
import { jobs } from './jobs/index.js';
import { startJobs } from './jobs/scheduler.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  console.log(describeProviders(config));
  const deps = await buildDeps(config);
  if (config.seedDemo) await seedDemoData(deps, { log: console.log });

  // node-ws needs the app that receives upgrades before routes exist; the real app is mounted on it.
  const root = new Hono();
  const { injectWebSocket, upgradeWebSocket } = createNodeWebSocket({ app: root });
  const app = createApp(deps, { upgradeWebSocket, serveWeb: true });
  root.route('/', app);

  const server = serveApp(root.fetch, { port: config.port, hostname: config.host, headers: securityHeaders({ recaptcha: config.captcha.provider === 'recaptcha' }) }, (info) => {
    console.log(`[api] serving ${config.publicUrl} (port ${info.port}, ${deps.database.kind})`);
  });
  injectWebSocket(server);
  const scheduler = startJobs(deps, jobs);

  const shutdown = async (signal: string) => {
    console.log(`[api] ${signal}: shutting down`);
    server.close();
    await scheduler.stop().catch(() => undefined);
    await closeDeps(deps).catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

await main();
