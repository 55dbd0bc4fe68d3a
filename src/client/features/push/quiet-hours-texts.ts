import { icu, texts } from '../../../shared/i18n/texts.js';

/** Settings' words for quiet hours (issue 33; the API's refusals are in the shared contract). */
export const quietHoursScreenTexts = texts('quietHoursScreen', {
  label: 'Quiet hours',
  hint: 'Notifications arrive without sound or vibration (the badge still counts them). Urgent messages still alert you.',
  start: 'From',
  end: 'Until',
  timeZone: icu<{ zone: string }>('Times in your time zone, {zone}.'),
});
