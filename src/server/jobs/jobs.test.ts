import { describe, expect, it, vi } from 'vitest';
import { Jobs } from './jobs.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the job registry', () => {
  it('runs a job at start when asked, then every interval, until stopped', async () => {
    vi.useFakeTimers();
    try {
      const jobs = new Jobs(() => undefined);
      let runs = 0;
      jobs.register({ name: 'count', intervalMs: 1000, runAtStart: true, run: async () => void runs++ });
      jobs.register({ name: 'later', intervalMs: 1000, run: async () => undefined });
      await vi.advanceTimersByTimeAsync(5000);
      expect(runs).toBe(0); // nothing before start
      jobs.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(runs).toBe(1);
      await vi.advanceTimersByTimeAsync(3000);
      expect(runs).toBe(4);
      await jobs.stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(runs).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for a run under way when stopping', async () => {
    const jobs = new Jobs(() => undefined);
    let finished = false;
    jobs.register({
      name: 'slow',
      intervalMs: 60_000,
      run: async () => {
        await tick(50);
        finished = true;
      },
    });
    jobs.start();
    const run = jobs.runNow('slow');
    await jobs.stop();
    expect(finished).toBe(true);
    await run;
  });

  it('joins a run under way instead of starting a second one', async () => {
    const jobs = new Jobs(() => undefined);
    let concurrent = 0;
    let most = 0;
    jobs.register({
      name: 'exclusive',
      intervalMs: 60_000,
      run: async () => {
        concurrent++;
        most = Math.max(most, concurrent);
        await tick(20);
        concurrent--;
      },
    });
    await Promise.all([jobs.runNow('exclusive'), jobs.runNow('exclusive'), jobs.runNow('exclusive')]);
    expect(most).toBe(1);
  });

  it('reports a failed run by name and keeps the schedule', async () => {
    const failures: string[] = [];
    const jobs = new Jobs((_error, name) => failures.push(name));
    let runs = 0;
    jobs.register({
      name: 'flaky',
      intervalMs: 10,
      runAtStart: true,
      run: async () => {
        runs++;
        throw new Error('database away');
      },
    });
    jobs.start();
    await expect.poll(() => runs).toBeGreaterThanOrEqual(2);
    await jobs.stop();
    expect(failures.length).toBe(runs);
    expect(new Set(failures)).toEqual(new Set(['flaky']));
  });

  it('refuses two jobs of one name and an unknown name', () => {
    const jobs = new Jobs(() => undefined);
    jobs.register({ name: 'once', intervalMs: 1000, run: async () => undefined });
    expect(() => jobs.register({ name: 'once', intervalMs: 1000, run: async () => undefined })).toThrow(
      /twice/,
    );
    expect(() => jobs.runNow('missing')).toThrow(/No job/);
  });
});
