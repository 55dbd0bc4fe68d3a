import { icu, texts } from '../../../shared/i18n/texts.js';

/** Texts of the Send Message and Message Success screens (spec §2, §8); the server's live in src/shared. */
export const sendMessageTexts = texts('sendMessage', {
  title: 'Send Message',
  intro: 'Write to the owner of this vehicle. They will not see who you are.',
  quickMessages: 'Quick messages',
  messageLabel: 'Your message',
  placeholder: 'Type your message...',
  // Who the owner sees (ADDENDUM §11): anonymously unless the sender chooses one of their vehicles.
  whoOwnerSees: 'Who the owner sees',
  sendAnonymously: 'Send anonymously',
  sendAs: icu<{ name: string; plate: string }>('Send as my {name} ({plate})'),
  ownerSeesNothing: 'The owner sees “Anonymous visitor”: nothing about you.',
  ownerSeesVehicle: icu<{ description: string; plate: string }>(
    'The owner sees your {description}, {plate}: never your name or email.',
  ),
  ownTarget: "This is your own vehicle: you can't send it a message.",
  send: 'Send Message',
  sending: 'Sending...',
  // A message written offline, kept and sent once the connection is back (decision 0142).
  willSend: "Will send when you're back online",
  // Spec §8 Send message failure: the server's message, else this.
  failedTitle: 'Message failed to send',
  failed: 'Failed to send message. Please try again.',
  missingTitle: 'Error',
  sampleNotice: 'This is the sample vehicle: your message is accepted but reaches no one.',
});

/** The counter under the message box, "12/500": digits in every language. */
export const messageCounter = (length: number, max: number) => `${length}/${max}`;

export const messageSuccessTexts = texts('messageSuccess', {
  title: 'Message Sent!',
  delivered: "The owner has been notified. They won't see who you are.",
  sample: 'This was the sample vehicle, so nobody received your message. Try it with a real one.',
  redirect: icu<{ count: number }>(
    '{count, plural, one {Returning to home in # second...} other {Returning to home in # seconds...}}',
  ),
  home: 'Back to Home',
});

/** Spec §9: the success screen returns to / after 10 seconds. */
export const MESSAGE_SUCCESS_REDIRECT_MS = 10_000;

/**
 * The box a reply is written in (a chat's composer and the sender's answer on their status page), and what
 * a refused reply says. Apart from the conversations' texts: the status page is on the finder's path.
 */
export const replyTexts = texts('reply', {
  label: 'Reply',
  placeholder: 'Type a reply...',
  send: 'Send',
  failedTitle: 'Reply not sent',
  failed: 'Your reply could not be sent. It is still in the box: try again.',
});

/** Texts of the Conversations screen (spec §2; our words where the spec names none). */
export const conversationTexts = texts('conversations', {
  title: 'Conversations',
  signInRequired: 'Sign in to read and answer the messages sent to your vehicles.',
  empty: 'No conversations yet',
  emptyHint: 'Scan a QR code or look up a license plate to send your first message.',
  scanQr: 'Scan QR Code',
  lookUpPlate: 'Enter License Plate',
  // Spec §2 Home: the other vehicle as year make model, else this.
  fallbackName: 'Vehicle Conversation',
  noMessages: 'No messages yet',
  hiddenPreview: 'Message hidden in privacy mode',
  back: 'Back to conversations',
  messagesLabel: 'Messages',
  // Only where nobody can read a reply (the sample vehicle): a visitor reads theirs on their status page.
  cannotReply: 'Nobody can read a reply in this conversation.',
  messageOptions: 'Message options',
  conversationOptions: 'Conversation options',
  deleteMessage: 'Delete message',
  deleteConversation: 'Delete conversation',
  blockSender: 'Block sender',
  blocked: 'Blocked',
  deletedTitle: 'Conversation deleted',
  unread: icu<{ count: number }>('{count} unread'),
  newMessages: icu<{ count: number }>('{count, plural, one {# new message} other {# new messages}}'),
  conversationGone: 'This conversation no longer exists. Its messages may have disappeared after 24 hours.',
  // The owner's own vehicle a thread was written to (issue 31: "to ABC-1234 · Red Camry").
  writtenTo: icu<{ plate: string }>('to {plate}'),
  writtenToVehicle: icu<{ plate: string; description: string }>('to {plate} · {description}'),
});

/** Texts of Home's Recent conversations (spec §2 Home). */
export const recentConversationTexts = texts('recentConversations', {
  title: 'Recent Conversations',
  viewAll: 'View All Conversations',
  view: 'View Conversations',
  empty: 'No conversations yet',
  loading: 'Loading conversations',
});

/** Spec §9: Home shows 3 conversations. */
export const HOME_CONVERSATION_COUNT = 3;
