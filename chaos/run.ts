// `npm run chaos`: every failure case at full size (1,000 sockets), one after another, and their table
// (docs/decisions/0159). CHAOS_SOCKETS, CHAOS_RATE and CHAOS_ONLY (a case's name, e.g. "Redis") change it.
// Exits 1 when a case broke a promise: an acknowledged send lost or stored twice, a wrong answer, a crash,
// a socket or the delivery not back within 5 s, or (SIGTERM) any request failing.
import { brokenPromises, type Fault, formatTable, type Outcome, runCase } from './harness.js';
import { missingPrograms } from './services.js';

const missing = missingPrograms({ postgres: true });
if (missing.length > 0) {
  process.stderr.write(`npm run chaos needs: ${missing.join(', ')}\n`);
  process.exit(1);
}
if (!process.env.TEST_DATABASE_URL) {
  process.stderr.write(
    'npm run chaos needs TEST_DATABASE_URL (a PostgreSQL server to create its databases on)\n',
  );
  process.exit(1);
}

const faults: Fault[] = ['kill -9', 'SIGTERM', 'restart Redis', 'restart PostgreSQL'];
const only = process.env.CHAOS_ONLY;
const size = {
  sockets: Number(process.env.CHAOS_SOCKETS ?? 1_000),
  sendsPerSecond: Number(process.env.CHAOS_RATE ?? 200),
  secondsBefore: 5,
  secondsAfter: 10,
  outageSeconds: 5,
};
const outcomes: Outcome[] = [];
for (const fault of faults.filter((fault) => !only || fault.includes(only))) {
  const outcome = await runCase(fault, size, (line) => process.stdout.write(`${line}\n`));
  for (const [status, body] of Object.entries(outcome.failureSamples))
    process.stdout.write(`  first ${status === '0' ? 'attempt with no answer' : status}: ${body}\n`);
  outcomes.push(outcome);
}
process.stdout.write(`\n${formatTable(outcomes)}\n`);
const broken = outcomes.flatMap((outcome) =>
  brokenPromises(outcome).map((what) => `${outcome.fault}: ${what}`),
);
process.stdout.write(broken.length ? `\nBROKEN:\n${broken.join('\n')}\n` : '\nEvery promise held.\n');
process.exit(broken.length ? 1 : 0);
