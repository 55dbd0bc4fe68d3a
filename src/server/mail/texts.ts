import { icu, texts } from '../../shared/i18n/texts.js';

/**
 * The mails' words (issue 36): each mail is written in its recipient's language (docs/decisions/0164), its
 * links, addresses and what a finder wrote left as they are. "Vehicle Contact" is the brand, never translated.
 */
export const mailTexts = texts('mail', {
  buttonFallback: icu<{ link: string }>('If the button does not work, open this address: {link}'),
  verifyEmail: {
    subject: 'Verify your email address',
    paragraphs: [
      'Welcome to Vehicle Contact.',
      'Please confirm your email address. Verification prevents spam and makes sure messages about your vehicles reach you.',
      'The link works once and expires in 24 hours.',
    ],
    action: 'Verify email address',
  },
  resetPassword: {
    subject: 'Reset your password',
    paragraphs: [
      'Someone asked to reset the password of your Vehicle Contact account.',
      'If it was you, choose a new password with the link below. It works once and expires in 1 hour.',
      'If it was not you, ignore this email: your password stays as it is.',
    ],
    action: 'Reset password',
  },
  accountExists: {
    subject: 'You already have an account',
    paragraphs: [
      'Someone tried to create a Vehicle Contact account with this email address, but an account already exists.',
      'If it was you, sign in instead, or reset your password if you have forgotten it.',
      'If it was not you, ignore this email.',
    ],
    action: 'Sign in',
  },
  accountDeleted: {
    subject: 'Your account has been deleted',
    paragraphs: [
      'Your Vehicle Contact account has been deleted, as you asked.',
      'Its vehicles, QR codes, conversations, messages and settings are gone, and cannot be restored.',
      'If it was not you, your password was known to someone else: you can create a new account at any time.',
    ],
    action: 'Open Vehicle Contact',
  },
  newMessage: {
    /** The notification's title, as the mail's first line. */
    headline: icu<{ subject: string }>('{subject}.'),
    /** What the finder wrote, quoted (never translated). */
    quoted: icu<{ text: string }>('“{text}”'),
    why: icu<{ minutes: number; setting: string }>(
      'You get this email because your notifications could not reach you within {minutes, plural, one {# minute} other {# minutes}}. To stop these emails, turn off “{setting}” in Settings.',
    ),
    action: 'Open the conversation',
  },
});
