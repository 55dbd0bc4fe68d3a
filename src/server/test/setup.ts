import { afterEach } from 'vitest';

/**
 * console.error fails a test unless the test expects it (mock it with vi.spyOn to expect it). The server's
 * test files share their worker's modules (vitest.config.ts), so this file runs once per file in the same
 * globals: the console's own function is kept once, and the wrapper is installed once.
 */
type ErrorLog = { errors: unknown[][] };
const shared = globalThis as { __unexpectedConsoleErrors?: ErrorLog };
if (!shared.__unexpectedConsoleErrors) {
  const log: ErrorLog = { errors: [] };
  const originalError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    log.errors.push(args);
    originalError(...args);
  };
  shared.__unexpectedConsoleErrors = log;
}
const state = shared.__unexpectedConsoleErrors;

afterEach(() => {
  const errors = state.errors;
  state.errors = [];
  if (errors.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${errors.map((args) => args.join(' ')).join('\n')}`,
    );
  }
});
