import { describe, expect, it } from 'vitest';
import { debouncedEraser } from './erase-soon.js';

describe('erasing soon after deletes', () => {
  it('runs once for a burst of calls, after them and not on their path; stop runs one still due', async () => {
    let runs = 0;
    const eraser = debouncedEraser(async () => {
      runs += 1;
    }, 10);
    eraser.soon();
    eraser.soon();
    eraser.soon();
    expect(runs).toBe(0);
    await expect.poll(() => runs).toBe(1);
    // No second run was due: stop would have run it.
    await eraser.stop();
    expect(runs).toBe(1);

    const stopping = debouncedEraser(async () => {
      runs += 1;
    }, 60_000);
    stopping.soon();
    await stopping.stop();
    expect(runs).toBe(2);
    stopping.soon();
    await stopping.stop();
    expect(runs).toBe(2);
  });

  it('gives a call made during a run a run of its own, and tries a failed run again', async () => {
    let release: () => void = () => undefined;
    let runs = 0;
    const eraser = debouncedEraser(async () => {
      runs += 1;
      if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
      if (runs === 2) throw new Error('busy');
    }, 10);
    eraser.soon();
    await expect.poll(() => runs).toBe(1);
    // The run under way may have started before what this call follows: another one comes after it.
    eraser.soon();
    release();
    // That second run fails: a third follows by itself.
    await expect.poll(() => runs).toBe(3);
    await eraser.stop();
    expect(runs).toBe(3);
  });
});
