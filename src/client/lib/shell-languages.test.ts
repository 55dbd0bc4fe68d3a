import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colorName } from '../../shared/vehicles/colors.js';
import { lookupPlateProblem } from '../../shared/vehicles/plates.js';
import { vehicleTexts } from '../../shared/vehicles/texts.js';
import { THEME_PRESETS } from '../../shared/vehicles/themes.js';
import { VEHICLE_TYPES, vehicleTypeName } from '../../shared/vehicles/vehicle-types.js';
import { ApiError } from './api-error.js';
import { errorToastFor } from './error-toasts.js';
import { activateLocale, restOfCatalogue } from './i18n.js';
import { disappearsIn } from './message-time.js';
import { queryNoticeFor } from './query-notices.js';

/**
 * The shell's and the finder's words in the app's language (issue 36): read when shown, from the compiled
 * catalogues (locales/*), and the error toasts still match the server's words, which come in that language.
 */
describe('the shell in German and Chinese', () => {
  beforeAll(async () => {
    await activateLocale('de-DE');
    await restOfCatalogue();
  });
  afterAll(() => activateLocale('en-US'));

  it('gives the generic and the message-specific toasts in German', () => {
    expect(errorToastFor(new TypeError('Failed to fetch'), true)).toMatchObject({
      title: 'Verbindungsproblem',
      actionLabel: 'Erneut versuchen',
    });
    // The server answers in the app's language: its German words are matched.
    const taken = new ApiError(409, 'Conflict', { message: vehicleTexts.plateAlreadyRegistered });
    expect(vehicleTexts.plateAlreadyRegistered).not.toBe('License plate already registered');
    expect(errorToastFor(taken, true)).toMatchObject({ title: 'Kennzeichen bereits registriert' });
    // English words (a browser's, an older server's) are matched all the same.
    expect(errorToastFor(new Error('QR code invalid'), true)).toMatchObject({ title: 'Ungültiger QR-Code' });
  });

  it('reads notices, times and the vehicle words in German when they are shown', () => {
    expect(queryNoticeFor('/', '?verified=1')?.toast.title).toBe('E-Mail bestätigt');
    const now = Date.now();
    expect(disappearsIn(new Date(now - 30 * 60_000).toISOString(), now)).toBe('verschwindet in 23 Std.');
    expect(vehicleTypeName('sedan')).toBe('Limousine');
    expect(VEHICLE_TYPES.find((type) => type.value === 'motorcycle')?.label).toBe('Motorrad');
    expect(colorName('white')).toBe('Weiß');
    expect(colorName('teal')).toBe('Teal');
    expect(THEME_PRESETS.sport.name).toBe('Sport');
    expect(THEME_PRESETS.luxury.name).toBe('Luxus');
    expect(lookupPlateProblem('TEST')?.title).toBe('Ungültiges Kennzeichen');
  });

  it('turns to Chinese at once when the language changes', async () => {
    await activateLocale('zh-CN');
    await restOfCatalogue();
    expect(errorToastFor(new ApiError(500, 'x', null), true).title).toBe('出错了');
    expect(vehicleTypeName('sedan')).toBe('轿车');
    expect(queryNoticeFor('/', '?error=vehicle-not-found')?.toast.title).toBe('未找到车辆');
  });
});
