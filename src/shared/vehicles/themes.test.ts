import { describe, expect, it } from 'vitest';
import { THEME_PRESET_VALUES, THEME_PRESETS } from './themes.js';

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, b = 0] = [1, 3, 5]
      .map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('theme preset contrast (WCAG AA)', () => {
  it.each(THEME_PRESET_VALUES)('%s carries white text on its primary colour at 4.5:1 or more', (preset) => {
    expect(contrast('#ffffff', THEME_PRESETS[preset].primaryColor)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(THEME_PRESET_VALUES)(
    '%s keeps its text at 4.5:1 when dimmed to 80 %% (preview hints)',
    (preset) => {
      const { textColor, backgroundColor } = THEME_PRESETS[preset];
      const dimmed = [1, 3, 5]
        .map((start) => {
          const text = Number.parseInt(textColor.slice(start, start + 2), 16);
          const background = Number.parseInt(backgroundColor.slice(start, start + 2), 16);
          return Math.round(text * 0.8 + background * 0.2)
            .toString(16)
            .padStart(2, '0');
        })
        .join('');
      expect(contrast(`#${dimmed}`, backgroundColor)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
