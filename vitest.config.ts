import { defineConfig } from 'vitest/config';
import { testPushCertificate } from './src/server/test/push-certificate.js';

// The workers' Node trusts the test push service's certificate from its start (ADDENDUM §9).
process.env.NODE_EXTRA_CA_CERTS = testPushCertificate().certFile;

/**
 * Two projects (docs/decisions/0134-ci-in-a-third-of-the-time.md). The server's files each open their own
 * databases, apps and ports and keep no state in modules, so a worker runs them one after another without
 * loading the server's modules again for each (isolate: false). The client's files set module state (the
 * query client, the prompt turn, the toaster), so each of them gets fresh modules.
 */
export default defineConfig({
  test: {
    environment: 'node',
    setupFiles: ['src/server/test/setup.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // What a test polls for (a push delivered, a job gone) may take seconds on a busy machine: vitest's 1 s
    // default failed push tests while four journeys ran beside them.
    expect: { poll: { timeout: 5_000 } },
    pool: 'forks',
    // Most of a server test's time is spent waiting on a socket, a child process or the database, so more
    // workers than cores keep the cores busy (the default, one fewer than the cores, left one idle here).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 4),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'src/server/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'bench/**/*.test.ts',
            'chaos/**/*.test.ts',
          ],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'client', include: ['src/client/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
