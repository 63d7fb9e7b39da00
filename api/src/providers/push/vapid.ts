import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { VapidKeys } from './push.js';

/**
 * The app's VAPID keys: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, else generated once per data directory
 * (as the dev JWT secret is), so subscriptions made against them keep working across restarts of `npm start`.
 * A new key pair would orphan every subscription: browsers bind a subscription to the key it was made with.
 */
export function resolveVapidKeys(opts: { dataDir: string; publicKey?: string; privateKey?: string; subject: string }): VapidKeys {
  if (opts.publicKey && opts.privateKey) return { publicKey: opts.publicKey, privateKey: opts.privateKey, subject: opts.subject };
  const file = path.join(opts.dataDir, 'vapid-keys.json');
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { ...stored, subject: opts.subject };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return { ...keys, subject: opts.subject };
}
