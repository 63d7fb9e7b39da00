import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import type { Providers } from './index.js';

/** Picks each provider's real adapter or sandbox from config. */
export function createProviders(_config: Config, _clock: Clock): Providers {
  return {};
}
