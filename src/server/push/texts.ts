import { icu, texts } from '../../shared/i18n/texts.js';

/**
 * A notification's words (issue 36), in its recipient's language (docs/decisions/0164). The vehicle's name
 * and plate are the owner's own, never translated; so is what a finder wrote.
 */
export const pushNoticeTexts = texts('pushNotice', {
  newMessage: 'New message',
  newMessageFor: icu<{ vehicle: string }>('New message for your {vehicle}'),
  newMessageForPlate: icu<{ vehicle: string; plate: string }>('New message for your {vehicle} ({plate})'),
  reminder: icu<{ title: string }>('Reminder: {title}'),
});
