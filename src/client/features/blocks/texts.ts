import { icu, texts } from '../../../shared/i18n/texts.js';

/** Texts of the Blocked Users screen (spec §2 Blocked users, §8 Unblock failure; our words where it names none). */
export const blockedUsersTexts = texts('blockedUsers', {
  title: 'Blocked Users',
  back: 'Back to profile',
  intro: "People you block can't message your vehicles. Unblock someone to let them write again.",
  listLabel: 'Blocked users',
  empty: 'Nobody is blocked',
  emptyHint: 'When you block a sender from a conversation, they appear here, and you can unblock them.',
  loadFailed: 'Your blocked users could not be loaded. Please try again.',
  blockedOn: icu<{ date: string }>('Blocked {date}'),
  reason: icu<{ reason: string }>('Reason: {reason}'),
  unblock: 'Unblock',
  unblocking: 'Unblocking...',
  // Said of a sender an owner blocked and of an owner a sender blocked alike.
  unblockedDescription: 'They can write to you again.',
  // Spec §8 Unblock failure.
  failedTitle: 'Error',
  unblockFailed: 'Failed to unblock user. Please try again.',
});
