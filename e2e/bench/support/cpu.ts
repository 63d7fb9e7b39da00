import fs from 'node:fs';

/** CPU time (user + system, ms) a process has used, from /proc; 0 when it is gone. */
export function processCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** CPU time of every PostgreSQL process on this machine (the server the bench uses is local). */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += processCpuMs(Number(entry));
    } catch {
      /* exited meanwhile */
    }
  }
  return total;
}

/**
 * Settles once the process has used under 5% of a core for `quietMs` in a row (or after `timeoutMs`): a bench that
 * measures the browser waits until the server's background work (the seed's drawing of the avatars) is done.
 */
export async function waitUntilIdle(pid: number, { quietMs = 3000, timeoutMs = 300_000 } = {}): Promise<void> {
  const stepMs = 500;
  const deadline = Date.now() + timeoutMs;
  let quiet = 0;
  let last = processCpuMs(pid);
  while (quiet < quietMs && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, stepMs));
    const now = processCpuMs(pid);
    quiet = now - last <= stepMs * 0.05 ? quiet + stepMs : 0;
    last = now;
  }
}
