// `npm test`: unit and API tests (vitest), then the browser journeys (Playwright) when Chromium is here.
// Prints what it skipped loudly, and closes with one line: "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });
const banner = (text) => `\n${'!'.repeat(78)}\n!! ${text}\n${'!'.repeat(78)}\n`;
const totals = { passed: 0, failed: 0, skipped: 0 };
/** The failed tests by name, printed again at the very end, where a log's tail shows them. */
const failures = [];
let failed = false;

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// 1. Unit and API tests.
const vitestReport = path.join(results, 'vitest.json');
fs.rmSync(vitestReport, { force: true });
if (
  run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]) !== 0
)
  failed = true;
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  const firstLine = (text) => String(text ?? 'failed').split('\n')[0];
  for (const file of vitest.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests)
      failures.push(`${name} › ${test.fullName}\n    ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed before any test ran (an import error, a hook) has no failed test of its own.
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(`${name}: ${firstLine(file.message)}`);
  }
} else failed = true;

// 2. Browser journeys.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  if (process.env.CI) {
    process.stdout.write(banner(`FAILED: CI wants the browser journeys but ${chromium} is missing`));
    failed = true;
  } else {
    process.stdout.write(
      banner(`SKIPPED: the browser journeys (no Chromium at ${chromium}; apt-get install -y chromium)`),
    );
  }
} else {
  const playwrightReport = path.join(results, 'playwright.json');
  fs.rmSync(playwrightReport, { force: true });
  const status = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  if (status !== 0) failed = true;
  const report = readJson(playwrightReport);
  const stats = report?.stats;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected')
          failures.push(`${spec.file} › ${[...titles, spec.title].join(' › ')}`);
    for (const child of suite.suites ?? [])
      walk(child, suite.title && !suite.file ? [...titles, suite.title] : titles);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  if (stats) {
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  } else failed = true;
}

if (failed && totals.failed === 0) totals.failed = 1;
if (failures.length > 0)
  process.stdout.write(`\nFailed:\n${failures.map((name) => `  ${name}`).join('\n')}\n`);
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(failed ? 1 : 0);
