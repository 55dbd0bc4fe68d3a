import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/i18n/locales.js';
import { stickerTexts } from '../../shared/vehicles/sticker.js';
import { withLocale } from '../i18n.js';
import { STICKER_LOCALES, stickerLocale } from './sticker.service.js';

/** What assets/fonts/DejaVuSans-Bold-Latin.ttf draws (its README's pyftsubset ranges). */
const DRAWN = /^[\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2026]*$/;

describe("the sticker's language (docs/decisions/0164)", () => {
  it("prints in the owner's language when its font draws it, else in English", () => {
    expect(stickerLocale('en-US')).toBe('en-US');
    expect(stickerLocale('de-DE')).toBe('de-DE');
    expect(stickerLocale('zh-CN')).toBe('en-US');
    for (const locale of LOCALES) expect(STICKER_LOCALES).toContain(stickerLocale(locale));
  });

  it('has every printed word of each language it prints in within its Latin font', () => {
    for (const locale of STICKER_LOCALES) {
      const printed = withLocale(locale, () => [stickerTexts.scanOrType, stickerTexts.wordLabel]);
      for (const line of printed) expect(line, `${locale}: ${line}`).toMatch(DRAWN);
    }
    expect('中文').not.toMatch(DRAWN);
  });
});
