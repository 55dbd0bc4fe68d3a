import { icu, texts } from '../../../shared/i18n/texts.js';

/** Our words where issue 32 gives only "Sending… Undo" (send-countdown.tsx). */
export const sendCountdownTexts = texts('sendCountdown', {
  sendingIn: icu<{ seconds: number }>('Sending… {seconds}'),
  undo: 'Undo',
});
