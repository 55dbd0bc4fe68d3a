/**
 * Texts of the chat's destructive actions (decision 0138): the question each asks first, and its toast's Undo.
 * A module of their own: texts.ts is on the finder's first load (Send Message), these are not.
 */
export const safetyTexts = {
  messageDeletedTitle: 'Message deleted',
  unblockedTitle: 'Sender unblocked',
  undo: 'Undo',
  replyFailedTitle: 'Reply not sent',
  replyFailed: 'Your reply could not be sent. It is still in the box: try again.',
  confirmDeleteMessage: {
    title: 'Delete this message?',
    description: 'It disappears for both of you. You can undo it for a few seconds.',
    confirmLabel: 'Delete',
  },
  confirmDeleteConversation: {
    title: 'Delete this conversation?',
    description: 'Its messages disappear from your list. The other side keeps their copy until it expires.',
    confirmLabel: 'Delete',
  },
  confirmBlock: {
    title: 'Block this sender?',
    description:
      "They can't message any of your vehicles anymore. You can unblock them under Profile, Blocked Users.",
    confirmLabel: 'Block',
  },
} as const;
