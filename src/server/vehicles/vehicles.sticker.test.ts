import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STICKER_TEMPLATES, STICKER_THEMES, stickerTexts } from '../../shared/vehicles/sticker.js';
import { formatShortCode } from '../../shared/vehicles/sticker-code.js';
import { vehicleTexts } from '../../shared/vehicles/texts.js';
import type { Vehicle } from '../../shared/vehicles/vehicles.contract.js';
import { databaseSnapshot } from '../test/database-snapshot.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { cellOf, pdfText, pdfToPixels, readQrCode } from '../test/sticker-pdf.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';

/** GET /api/vehicles/{id}/sticker.pdf (issue 34 point 3, docs/decisions/0156-the-sticker-pdf.md). */
describe.each(testEngines)('the sticker PDF route on %s', (engine) => {
  let t: TestApp;
  let owner: { cookie: string };
  let stranger: { cookie: string };
  let vehicle: Vehicle;
  const sticker = (query: string, cookie = owner.cookie, id = vehicle.id) =>
    call(t.app, 'GET', `/api/vehicles/${id}/sticker.pdf${query}`, { cookie });

  beforeAll(async () => {
    t = await createTestApp(engine);
    [owner, stranger] = await Promise.all([createVerifiedUser(t), createVerifiedUser(t)]);
    vehicle = await buildVehicle(t.app, owner.cookie, { licensePlate: 'STK 34A' });
  });
  afterAll(() => t.close());

  const cases = STICKER_TEMPLATES.flatMap((template) => STICKER_THEMES.map((theme) => ({ template, theme })));

  it.each(cases)(
    '$template $theme: a PDF download whose every QR code scans to the vehicle and whose text holds the code, word and origin',
    async ({ template, theme }) => {
      const response = await sticker(`?template=${template}&theme=${theme}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="STK-34A-sticker-${template}-${theme}.pdf"`,
      );
      expect(response.headers['cache-control']).toBe('private, no-store');
      const pdf = response.rawPayload;
      const vehicleUrl = `${t.config.appOrigin}/vehicle/qr/${vehicle.qrCode}`;
      const page = await pdfToPixels(pdf, 100);
      const [columns, rows] = template === 'a4' ? [2, 2] : [1, 1];
      const scanned = [];
      for (let row = 0; row < rows; row++)
        for (let column = 0; column < columns; column++)
          scanned.push(readQrCode(cellOf(page, columns, rows, column, row)));
      expect(scanned).toEqual(Array(columns * rows).fill(vehicleUrl));

      const text = await pdfText(pdf);
      expect(vehicle.shortCode).toMatch(/^[0-9A-Z]{8}$/);
      expect(text).toContain(formatShortCode(vehicle.shortCode));
      expect(text).toContain(vehicle.verificationWord.toUpperCase());
      expect(text).toContain(new URL(t.config.appOrigin).host);
      expect(text).toContain(stickerTexts.scanOrType);
    },
  );

  it('is an A6 light sticker when the query names neither', async () => {
    const response = await sticker('');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="STK-34A-sticker-a6-light.pdf"',
    );
  });

  it.each([
    ['?template=a5', stickerTexts.unknownTemplate],
    ['?template=A6', stickerTexts.unknownTemplate],
    ['?template=', stickerTexts.unknownTemplate],
    ['?theme=blue', stickerTexts.unknownTheme],
    ['?template=a6&theme=', stickerTexts.unknownTheme],
    ['?template=a6&template=a4', 'template must be text'],
    ['?theme=dark&theme=light', 'theme must be text'],
  ])('answers 400 to %s, changing nothing', async (query, message) => {
    const before = await databaseSnapshot(t.db);
    const response = await sticker(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
    expect(await databaseSnapshot(t.db)).toEqual(before);
  });

  it("answers another account, an unknown id and an overlong id 404, as the owner's other routes do", async () => {
    const expected = { message: vehicleTexts.vehicleNotFound, code: 'NOT_FOUND' };
    for (const response of [
      await sticker('?template=a4&theme=dark', stranger.cookie),
      await sticker('', owner.cookie, crypto.randomUUID()),
      await sticker('', owner.cookie, 'x'.repeat(200)),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(expected);
    }
  });

  it('answers 401 to a visitor', async () => {
    const response = await call(t.app, 'GET', `/api/vehicles/${vehicle.id}/sticker.pdf`);
    expect(response.statusCode).toBe(401);
  });

  it('does not print a removed vehicle (its QR code leads nowhere) until it is reactivated', async () => {
    const removed = await buildVehicle(t.app, owner.cookie);
    await call(t.app, 'DELETE', `/api/vehicles/${removed.id}`, { cookie: owner.cookie });
    const refused = await sticker('', owner.cookie, removed.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: stickerTexts.vehicleRemoved });
    await call(t.app, 'PATCH', `/api/vehicles/${removed.id}/reactivate`, { cookie: owner.cookie });
    expect((await sticker('', owner.cookie, removed.id)).statusCode).toBe(200);
  });
});
