import type { AppDeps } from '../../context.js';

/** Demo data for an empty database; never runs in production (config.seedDemo is false there). */
export async function seedDemoData(_deps: AppDeps, _opts: { log: (line: string) => void }) {}
