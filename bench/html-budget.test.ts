// The HTML budget of the finder's first answer (issue 37, docs/decisions/0168) as a check of `npm test`, beside
// the JavaScript budget (bench/bundle-budget.test.ts): the page a QR link answers, drawn by the server for a
// real vehicle, fits in 14 KB compressed, so a finder on a weak connection reads the vehicle from the first
// round trips. Sizes are deterministic for a build (only the vehicle's values and the form key vary).
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { buildVehicle } from '../src/server/test/factories.js';
import { call } from '../src/server/test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../src/server/test/test-app.js';
import { LOCALES } from '../src/shared/i18n/locales.js';
import { clientDir, kilobytes } from './bundle-sizes.js';

/** The budget: the first answer within one TCP slow-start window (about 14 KB), gzip. */
const HTML_BUDGET_BYTES = 14 * 1024;

let t: TestApp;
let qrLink: string;

beforeAll(async () => {
  // CI builds before testing; here the build is made (or made again) when the sources are newer.
  buildIfNeeded();
  // The bytes do not depend on the engine: one is enough.
  t = await createTestApp('sqlite', { clientDir });
  const owner = await createVerifiedUser(t);
  const vehicle = await buildVehicle(t.app, owner.cookie, { displayName: "Anna's family car" });
  qrLink = `/vehicle/qr/${vehicle.qrCode}`;
}, 600_000);

afterAll(() => t?.close());

describe("the finder's first HTML (gzip)", () => {
  it.each(LOCALES)('a QR link in %s answers at most 14 KB', async (locale) => {
    const response = await call(t.app, 'GET', qrLink, {
      headers: { 'accept-language': locale, 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-language']).toBe(locale);
    // What travels: the server's own encoding (src/server/finder-pages/compression.ts), and the page it
    // decodes to as gzip -9 would make it (what a proxy in front that compresses anew would send).
    const encoding = response.headers['content-encoding'];
    expect(encoding).toBe('gzip');
    const body = zlib.gunzipSync(response.rawPayload);
    // The drawn page, not the app shell (which would be small and prove nothing).
    expect(body.toString('utf8')).toContain('id="page-state"');
    const gzipBytes = zlib.gzipSync(body, { level: 9 }).length;
    const sentBytes = response.rawPayload.length;
    const described =
      `QR link (${locale}): ${kilobytes(body.length)} KB raw, ${kilobytes(gzipBytes)} KB gzip -9 (${gzipBytes} bytes), ` +
      `${kilobytes(sentBytes)} KB sent (${encoding})`;
    process.stdout.write(`${described}\n`);
    expect(gzipBytes, described).toBeLessThanOrEqual(HTML_BUDGET_BYTES);
    expect(sentBytes, described).toBeLessThanOrEqual(HTML_BUDGET_BYTES);
  });
});
