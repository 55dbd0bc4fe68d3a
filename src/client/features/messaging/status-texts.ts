import { icu, texts } from '../../../shared/i18n/texts.js';

/**
 * Texts of a sent message's status page, /sent/{id} (issue 32; its title, "delivered" line and way Home are
 * Message Success's, texts.ts). Our words where the issue gives none. A module of its own: texts.ts is on
 * the finder's first load, these are not.
 */
export const messageStatusTexts = texts('messageStatus', {
  stepsLabel: 'What became of your message',
  // The three steps.
  steps: { sent: 'Sent', delivered: 'Delivered', seen: 'Seen' },
  yourMessage: 'Your message',
  ownerAnswer: "The owner's answer",
  conversation: 'Replies',
  noReplies: "The owner's replies appear here, and you can answer them.",
  notifyAgain: 'Notify again',
  notifyAgainIn: icu<{ minutes: number }>('Notify again in {minutes} min'),
  notifyAgainFailedTitle: 'Not notified again',
  notFoundTitle: "This message can't be shown here",
  notFound:
    'Its status shows only in the browser or account it was sent from, for 24 hours after it was sent.',
});
