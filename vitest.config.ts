import { defineConfig } from 'vitest/config';
import { testPushCertificate } from './src/server/test/push-certificate.js';

// The workers' Node trusts the test push service's certificate from its start (ADDENDUM §9).
process.env.NODE_EXTRA_CA_CERTS = testPushCertificate().certFile;

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/server/test/setup.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Each test file opens its own databases; files run in parallel workers.
    pool: 'forks',
  },
});
