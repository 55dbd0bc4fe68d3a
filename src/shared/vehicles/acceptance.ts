import { texts } from '../i18n/texts.js';

/**
 * What a finder is told when a vehicle's owner limits who may write (ADDENDUM §1): by the server when it
 * refuses a message, and by Vehicle found before the finder writes. A module of its own so that the finder's
 * first screen carries these words without the message contracts.
 */
export const acceptanceTexts = texts('acceptance', {
  paused: "This vehicle's owner has paused messages. Please try again later.",
  verifiedOnly:
    "This vehicle's owner accepts messages only from signed-in users with a verified email. Sign in to send one.",
});
