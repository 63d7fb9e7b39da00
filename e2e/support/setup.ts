import { afterAll, afterEach } from 'vitest';
import { takeCspViolations } from './browser.js';

/** Every browser journey fails on a Content-Security-Policy violation: the policy must allow what the app loads. */
function assertNoCspViolation() {
  const seen = takeCspViolations();
  if (seen.length > 0) throw new Error(`Content-Security-Policy violations:\n${seen.join('\n')}`);
}

afterEach(assertNoCspViolation);
afterAll(assertNoCspViolation);
