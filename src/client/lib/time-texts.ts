import { icu, texts } from '../../shared/i18n/texts.js';

/** When a message disappears (ADDENDUM §3), said in the chat and the sender's status. */
export const timeTexts = texts('messageTime', {
  disappearsInAMinute: 'disappears in a minute',
  disappearsInMinutes: icu<{ count: number }>('disappears in {count} min'),
  disappearsInHours: icu<{ count: number }>('disappears in {count} h'),
});
