import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { answeredPromptsState } from './e2e/fixtures/answered-prompts.js';
import { testPushCertificate } from './src/server/test/push-certificate.js';

const port = Number(process.env.E2E_PORT ?? 3100);
export const e2eOrigin = `http://localhost:${port}`;
/**
 * e2e/push-notifications.spec.ts runs an https push service on loopback here (ADDENDUM §9): the server lists
 * it beside the browsers' own push services and trusts its certificate. No other journey calls it.
 */
export const e2ePushServicePort = Number(process.env.E2E_PUSH_PORT ?? port + 9);
const browsersPushServices = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];
// A fresh embedded database and outbox for every run; the fixtures read mail from here. A directory made
// here is removed after the run (e2e/global-teardown.ts); pass E2E_DATA_DIR to keep one for inspection.
if (!process.env.E2E_DATA_DIR) process.env.E2E_TEMPORARY_DATA_DIR = '1';
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vc-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e-artifacts',
  // Every journey makes its own accounts and vehicles (e2e/fixtures), so journeys run side by side; a spec
  // whose journeys share something server-wide runs them in order (test.describe.configure).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry in CI, on a fresh worker and browser: for Chromium's rare hang closing a context (the journey
  // fails on it at once, e2e/fixtures/test.ts; decision 0153). A retried journey is printed as flaky.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: e2eOrigin,
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    // Every browser a journey opens has answered the first-visit prompts (e2e/fixtures/answered-prompts.ts).
    storageState: answeredPromptsState(e2eOrigin),
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // Playwright starts the web server before globalSetup runs, so the build happens here.
    command: 'node scripts/build-if-needed.mjs && node dist/server/main.js',
    url: `${e2eOrigin}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      APP_ORIGIN: e2eOrigin,
      DATA_DIR: dataDir,
      RATE_LIMIT_MULTIPLIER: '100',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DELAY_MS: '0',
      PUSH_SERVICE_HOSTS: [...browsersPushServices, `localhost:${e2ePushServicePort}`].join(','),
      NODE_EXTRA_CA_CERTS: testPushCertificate().certFile,
    },
  },
});
