import { texts } from '../../../shared/i18n/texts.js';

/**
 * An urgent message's words (issue 33, docs/decisions/0150-quiet-hours-urgent.md): Send Message's switch, and
 * the label the conversation shows on one. Not in texts.ts, which the finder's first load carries.
 */
export const urgentTexts = texts('urgent', {
  label: 'Urgent',
  hint: 'Alerts the owner even in their quiet hours. One urgent message per hour.',
});
