import { afterEach, vi } from 'vitest';

// console.error fails a test unless the test expects it (mock it with vi.spyOn to expect it).
const originalError = console.error;
let unexpectedErrors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  unexpectedErrors.push(args);
  originalError(...args);
});

afterEach(() => {
  const errors = unexpectedErrors;
  unexpectedErrors = [];
  if (errors.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${errors.map((args) => args.join(' ')).join('\n')}`,
    );
  }
});
