import type { Clock } from '../clock.js';

/** A clock a test moves by hand; it starts at the real time, so rows look like real ones. */
export class TestClock {
  private time = Date.now();

  /** The clock to hand to the app. */
  readonly now: Clock = () => this.time;

  advance(ms: number): void {
    if (ms < 0) throw new Error('Time only moves forward');
    this.time += ms;
  }
}
