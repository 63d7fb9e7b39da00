/** Time comes from here so expiries, timers and jobs are tested without sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class FakeClock implements Clock {
  private t: number;
  constructor(start: Date | number = Date.UTC(2026, 0, 15, 12, 0, 0)) {
    this.t = typeof start === 'number' ? start : start.getTime();
  }
  now() {
    return new Date(this.t);
  }
  advance(ms: number) {
    this.t += ms;
  }
  set(date: Date | number) {
    this.t = typeof date === 'number' ? date : date.getTime();
  }
}
