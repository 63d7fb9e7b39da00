import type { AppDeps } from '../context.js';

/**
 * A background job: `run` does one pass and returns how many rows it touched. Every job must be safe to run
 * in several API processes at once (row locks, `FOR UPDATE SKIP LOCKED`, unique keys), because each process
 * runs its own scheduler: there is no leader election between processes.
 */
export interface Job {
  name: string;
  everyMs: number;
  run(deps: AppDeps): Promise<number>;
}

export interface JobScheduler {
  stop(): Promise<void>;
}

/**
 * Runs each job on its own interval. A pass never overlaps the previous pass of the same job, and a failing
 * pass is logged and retried at the next tick, so one bad row cannot stop the others. Tests call `job.run`
 * directly with a FakeClock instead of starting the scheduler.
 */
export function startJobs(deps: AppDeps, jobs: readonly Job[], log: (line: string) => void = console.log): JobScheduler {
  const running = new Map<string, Promise<void>>();
  const timers = jobs.map((job) =>
    setInterval(() => {
      if (running.has(job.name)) return;
      const pass = job
        .run(deps)
        .then((n) => {
          if (n > 0) log(`[jobs] ${job.name}: ${n}`);
        })
        .catch((err: unknown) => console.error(`[jobs] ${job.name} failed`, err))
        .finally(() => running.delete(job.name));
      running.set(job.name, pass);
    }, job.everyMs),
  );
  for (const t of timers) t.unref();
  return {
    async stop() {
      for (const t of timers) clearInterval(t);
      await Promise.all(running.values());
    },
  };
}
