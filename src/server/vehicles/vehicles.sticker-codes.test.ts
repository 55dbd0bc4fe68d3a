import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_VEHICLE } from '../../shared/vehicles/sample.js';
import { formatShortCode } from '../../shared/vehicles/sticker-code.js';
import { vehicleTexts } from '../../shared/vehicles/texts.js';
import type { Vehicle } from '../../shared/vehicles/vehicles.contract.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';

const NOT_FOUND = { message: vehicleTexts.vehicleNotFound };

/** A fresh address per request, so the lookup limit never answers first and its count is the same. */
let addresses = 0;
const freshIp = () => {
  addresses++;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/**
 * What a client could tell two answers apart by: status, headers and body, but the date and the request's own
 * id (each answer has its own: decision 0157).
 */
const answerOf = (response: Awaited<ReturnType<typeof call>>) => {
  const { date: _date, 'x-request-id': _requestId, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.body };
};

describe.each(testEngines)('sticker codes on %s', (engine) => {
  let t: TestApp;
  let owner: { cookie: string; email: string };
  let vehicle: Vehicle;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await createVerifiedUser(t);
    vehicle = await buildVehicle(t.app, owner.cookie);
  });
  afterAll(() => t.close());

  const byCode = (code: string) =>
    call(t.app, 'GET', `/api/vehicles/code/${encodeURIComponent(code)}`, { ip: freshIp() });
  const byQr = (code: string) =>
    call(t.app, 'GET', `/api/vehicles/qr/${encodeURIComponent(code)}`, { ip: freshIp() });
  const rotate = (id: string, cookie?: string) =>
    call(t.app, 'POST', `/api/vehicles/${encodeURIComponent(id)}/rotate-code`, { cookie });

  it('finds a vehicle by its short code however it is typed, in the QR lookup’s public shape', async () => {
    const qr = await byQr(vehicle.qrCode);
    expect(qr.statusCode).toBe(200);
    const code = vehicle.shortCode;
    const typings = [
      code,
      formatShortCode(code),
      code.toLowerCase(),
      ` ${code.slice(0, 4).toLowerCase()} ${code.slice(4)} `,
      formatShortCode(code).replace(/0/g, 'O').replace(/1/g, 'l'),
    ];
    for (const typed of typings) {
      const response = await byCode(typed);
      expect(response.statusCode, typed).toBe(200);
      expect(response.body, typed).toBe(qr.body);
      expect(response.body).not.toContain(vehicle.shortCode);
    }
  });

  it('finds the sample vehicle by its fixed code, typed as it reads', async () => {
    for (const typed of ['SAMP-1E00', 'sample00', 'SAMPLE-00']) {
      const response = await byCode(typed);
      expect(response.statusCode, typed).toBe(200);
      expect(response.json(), typed).toMatchObject({ id: SAMPLE_VEHICLE.id, verificationWord: 'MAPLE' });
    }
  });

  it('answers anything unknown or malformed with the QR lookup’s own 404, byte for byte', async () => {
    const unknownQr = answerOf(await byQr('no-such-code'));
    expect(unknownQr.status).toBe(404);
    expect(JSON.parse(unknownQr.body)).toMatchObject(NOT_FOUND);
    for (const typed of ['ZZZZ-ZZZZ', '0000-0000', 'ABCD-EFGU', 'ABC', 'x'.repeat(200), '%20', 'ÄÖÜ-1234']) {
      expect(answerOf(await byCode(typed)), typed).toEqual(unknownQr);
    }
  });

  it('keeps its codes when the vehicle is removed and reactivated; removed, they find nothing', async () => {
    const own = await buildVehicle(t.app, owner.cookie);
    const removed = await call(t.app, 'DELETE', `/api/vehicles/${own.id}`, { cookie: owner.cookie });
    expect(removed.json()).toMatchObject({ shortCode: own.shortCode, qrCode: own.qrCode });
    expect((await byCode(own.shortCode)).statusCode).toBe(404);
    const back = await call(t.app, 'PATCH', `/api/vehicles/${own.id}/reactivate`, { cookie: owner.cookie });
    expect(back.json()).toMatchObject({
      shortCode: own.shortCode,
      qrCode: own.qrCode,
      verificationWord: own.verificationWord,
    });
    expect((await byCode(own.shortCode)).json().id).toBe(own.id);
  });

  it('replaces the QR code, short code and word at once, for the owner only; messages stay', async () => {
    const own = await buildVehicle(t.app, owner.cookie);
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: own.id, content: 'Your lights are on' },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    const stranger = await createVerifiedUser(t);
    const unknownId = await rotate('00000000-0000-4000-8000-000000000000', owner.cookie);
    for (const response of [
      await rotate(own.id, stranger.cookie),
      await rotate(SAMPLE_VEHICLE.id, owner.cookie),
      await rotate('x'.repeat(100), owner.cookie),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(unknownId.body);
    }
    expect(unknownId.json()).toMatchObject(NOT_FOUND);
    expect((await rotate(own.id)).statusCode).toBe(401);
    expect((await byCode(own.shortCode)).json().id).toBe(own.id);

    const rotated = await rotate(own.id, owner.cookie);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json() as Vehicle;
    expect(fresh).toMatchObject({ id: own.id, licensePlate: own.licensePlate, isActive: true });
    expect(fresh.qrCode).not.toBe(own.qrCode);
    expect(fresh.shortCode).not.toBe(own.shortCode);
    expect(fresh.shortCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(typeof fresh.verificationWord).toBe('string');
    expect((await call(t.app, 'GET', `/api/vehicles/${own.id}`, { cookie: owner.cookie })).json()).toEqual(
      fresh,
    );
    expect((await byCode(fresh.shortCode)).json()).toMatchObject({
      id: own.id,
      verificationWord: fresh.verificationWord,
    });
    expect((await byQr(fresh.qrCode)).json().id).toBe(own.id);
    expect((await byCode(own.shortCode)).statusCode).toBe(404);
    expect((await byQr(own.qrCode)).statusCode).toBe(404);

    const conversations = await call(t.app, 'GET', '/api/conversations', { cookie: owner.cookie });
    expect(conversations.body).toContain('Your lights are on');
  });

  it('answers a replaced code exactly as a code that never was: same bytes, same time', async () => {
    const own = await buildVehicle(t.app, owner.cookie);
    await rotate(own.id, owner.cookie);
    const neverQr = 'AAAAAAAAAAAAAAAAAAAAAA';
    const neverCode = own.shortCode.split('').reverse().join('');
    expect(answerOf(await byCode(own.shortCode))).toEqual(answerOf(await byCode(neverCode)));
    expect(answerOf(await byQr(own.qrCode))).toEqual(answerOf(await byQr(neverQr)));

    // Timing: interleaved, after a warm-up; medians printed and compared within a generous ratio (the
    // timings themselves are measured in bench/, never asserted).
    const timed = async (request: () => ReturnType<typeof call>) => {
      const start = process.hrtime.bigint();
      const response = await request();
      const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
      expect(response.statusCode).toBe(404);
      return elapsed;
    };
    const kinds = {
      replacedCode: () => byCode(own.shortCode),
      neverCode: () => byCode(neverCode),
      replacedQr: () => byQr(own.qrCode),
      neverQr: () => byQr(neverQr),
    };
    const times: Record<keyof typeof kinds, number[]> = {
      replacedCode: [],
      neverCode: [],
      replacedQr: [],
      neverQr: [],
    };
    for (let round = 0; round < 220; round++) {
      for (const [kind, request] of Object.entries(kinds) as [
        keyof typeof kinds,
        () => ReturnType<typeof call>,
      ][]) {
        const elapsed = await timed(request);
        if (round >= 20) times[kind].push(elapsed);
      }
    }
    const medians = Object.fromEntries(Object.entries(times).map(([kind, list]) => [kind, median(list)]));
    console.log(`[${engine}] lookup 404 medians (ms, 200 each):`, JSON.stringify(medians));
    const ratio = (a: number, b: number) => Math.max(a, b) / Math.min(a, b);
    expect(ratio(medians.replacedCode as number, medians.neverCode as number)).toBeLessThan(2);
    expect(ratio(medians.replacedQr as number, medians.neverQr as number)).toBeLessThan(2);
  });
});
