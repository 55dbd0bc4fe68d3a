import { icu, texts } from '../../../shared/i18n/texts.js';

/**
 * What the offline banner says of the screen's data kept for offline use (docs/decisions/0142): part of the
 * shell, so it travels in the `first` catalogue (the rest may not be cached when the app opens offline).
 */
export const savedDataTexts = texts('savedData', {
  savedAt: icu<{ time: string }>('Showing what was saved at {time}'),
  savedYesterdayAt: icu<{ time: string }>('Showing what was saved yesterday at {time}'),
  savedOn: icu<{ date: string }>('Showing what was saved on {date}'),
});
