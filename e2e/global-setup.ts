import { execSync } from 'node:child_process';

/** The journeys run against the built app: build it when it is missing or stale. */
export default function globalSetup() {
  execSync('node scripts/build-if-needed.mjs', { stdio: 'inherit' });
}
