/** Texts of the Send Message and Message Success screens (spec §2, §8); the server's live in src/shared. */
export const sendMessageTexts = {
  title: 'Send Message',
  intro: 'Write to the owner of this vehicle. They will not see who you are.',
  quickMessages: 'Quick messages',
  messageLabel: 'Your message',
  placeholder: 'Type your message...',
  counter: (length: number, max: number) => `${length}/${max}`,
  writeAs: 'Send as',
  send: 'Send Message',
  sending: 'Sending...',
  // Spec §8 Send message failure: the server's message, else this.
  failedTitle: 'Message failed to send',
  failed: 'Failed to send message. Please try again.',
  missingTitle: 'Error',
  sampleNotice: 'This is the sample vehicle: your message is accepted but reaches no one.',
} as const;

export const messageSuccessTexts = {
  title: 'Message Sent!',
  delivered: "The owner has been notified. They won't see who you are.",
  sample: 'This was the sample vehicle, so nobody received your message. Try it with a real one.',
  redirect: (seconds: number) => `Returning to home in ${seconds} second${seconds === 1 ? '' : 's'}...`,
  home: 'Back to Home',
} as const;

/** Spec §9: the success screen returns to / after 10 seconds. */
export const MESSAGE_SUCCESS_REDIRECT_MS = 10_000;
