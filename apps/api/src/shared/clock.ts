/** Time is injected so that deadlines, code expiry and retries are tested without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: stands still until moved. */
export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | string = '2026-11-22T10:00:00Z') {
    this.#ms = new Date(start).getTime();
  }
  now() {
    return new Date(this.#ms);
  }
  advance(ms: number) {
    this.#ms += ms;
  }
  set(at: Date | string) {
    this.#ms = new Date(at).getTime();
  }
}
