import { icu, texts } from '../../../shared/i18n/texts.js';

/**
 * Texts of the chat's destructive actions (decision 0138): the question each asks first, and its toast's Undo.
 * A module of their own: texts.ts is on the finder's first load (Send Message), these are not.
 */
export const safetyTexts = texts('safety', {
  messageDeletedTitle: 'Message deleted',
  undo: 'Undo',
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
  // What blocking does, told exactly for each kind of other side (decision 0139).
  confirmBlock: {
    sender: {
      title: 'Block this sender?',
      description:
        "Their account can't message any of your vehicles or reply to you anymore. You can unblock them here or under Profile, Blocked Users.",
      confirmLabel: 'Block',
    },
    visitor: {
      title: 'Block this visitor?',
      description:
        "The browser they wrote from can't message your vehicles anymore, and for 24 hours neither can anyone without an account on the same network. From another browser and network they could still write.",
      confirmLabel: 'Block',
    },
    owner: {
      title: 'Block this owner?',
      description:
        "They can't reply to you anymore. You can unblock them here or under Profile, Blocked Users.",
      confirmLabel: 'Block',
    },
  },
  blocked: {
    sender: "You blocked this sender. Their account can't message your vehicles or reply to you.",
    visitor: icu<{ until: string }>(
      "You blocked this visitor. The browser they wrote from can't message your vehicles, and until {until} neither can anyone without an account on its network. From another browser and network they could still write.",
    ),
    visitorBrowserOnly:
      "You blocked this visitor. The browser they wrote from can't message your vehicles. From another browser they could still write.",
    owner: "You blocked this owner. They can't reply to you.",
  },
  blockedTitle: { sender: 'Sender blocked', visitor: 'Visitor blocked', owner: 'Owner blocked' },
  unblock: 'Unblock',
  onlyVerified: 'Only accept verified senders for this vehicle',
  onlyVerifiedDone: 'This vehicle now accepts messages only from verified senders.',
  acceptsNoMessages: 'This vehicle accepts no messages.',
});

/** Who the other side of a conversation is, as blocking them is told. */
export type OtherSide = keyof typeof safetyTexts.confirmBlock;
