import { texts } from '../../shared/i18n/texts.js';
import { feedbackTexts } from '../../shared/messaging/feedback.contract.js';
import type { RateLimitRule } from './rate-limiter.js';

/** What a refused request is told (a 429's message), in the request's language. */
export const rateLimitTexts = texts('rateLimits', {
  signInAttempts: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  registrations: 'Too many accounts created from this network. Please try again in an hour.',
  passwordResetEmails:
    'Too many password reset emails requested for this address. Please try again in an hour.',
  verificationEmails: 'Too many verification emails requested for this address. Please try again in an hour.',
  accountMail: 'Too many emails requested from this network. Please try again in an hour.',
  passwordResets: 'Too many password reset attempts. Please wait 15 minutes and try again.',
  lookups: 'Too many vehicle lookups. Please wait a minute and try again.',
  messagesToVehicle: 'Too many messages to this vehicle. Please wait a few minutes and try again.',
  urgentMessages:
    'You can send one urgent message to this vehicle per hour. You can still send it as a normal message.',
  messages: 'Too many messages sent. Please wait a while and try again.',
  newConversations: 'Too many people have written to this vehicle in the last hour. Please try again later.',
  pushTests: 'Too many test notifications. Please try again in an hour.',
  pushSubscriptions: 'Too many notification subscriptions. Please try again in an hour.',
  unblockByEmail: 'Too many attempts to unblock by email address. Please try again in an hour.',
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The abuse limits of ADDENDUM §7 (before RATE_LIMIT_MULTIPLIER); each message read when a request is refused. */
export const rateLimits = {
  loginPerIp: {
    name: 'login-ip',
    limit: 10,
    windowMs: 15 * MINUTE,
    get message() {
      return rateLimitTexts.signInAttempts;
    },
  },
  // Failed sign-ins only, per address; a browser the account signed in from before counts its own
  // failures instead (docs/decisions/0046-login-lockout.md).
  loginFailuresPerEmail: {
    name: 'login-email',
    limit: 10,
    windowMs: 15 * MINUTE,
    get message() {
      return rateLimitTexts.signInAttempts;
    },
  },
  loginFailuresPerDevice: {
    name: 'login-device',
    limit: 10,
    windowMs: 15 * MINUTE,
    get message() {
      return rateLimitTexts.signInAttempts;
    },
  },
  registrationPerIp: {
    name: 'register-ip',
    limit: 5,
    windowMs: HOUR,
    get message() {
      return rateLimitTexts.registrations;
    },
  },
  forgotPasswordPerEmail: {
    name: 'forgot-password-email',
    limit: 3,
    windowMs: HOUR,
    get message() {
      return rateLimitTexts.passwordResetEmails;
    },
  },
  resendVerificationPerEmail: {
    name: 'resend-verification-email',
    limit: 3,
    windowMs: HOUR,
    get message() {
      return rateLimitTexts.verificationEmails;
    },
  },
  // Beyond ADDENDUM §7: per-address limits where the per-email ones alone leave the server open to
  // floods of new addresses (docs/decisions/0004-abuse-limits.md).
  accountMailPerIp: {
    name: 'account-mail-ip',
    limit: 20,
    windowMs: HOUR,
    get message() {
      return rateLimitTexts.accountMail;
    },
  },
  resetPasswordPerIp: {
    name: 'reset-password-ip',
    limit: 10,
    windowMs: 15 * MINUTE,
    get message() {
      return rateLimitTexts.passwordResets;
    },
  },
  externalSignInPerIp: {
    name: 'external-sign-in-ip',
    limit: 30,
    windowMs: 15 * MINUTE,
    get message() {
      return rateLimitTexts.signInAttempts;
    },
  },
  lookupPerIp: {
    name: 'lookup-ip',
    limit: 60,
    windowMs: MINUTE,
    get message() {
      return rateLimitTexts.lookups;
    },
  },
  // ADDENDUM §7: per sender (account, else IP address; an IPv6 address by its /64, addressKeyOf).
  messagesPerVehiclePerSender: {
    name: 'messages-vehicle-sender',
    limit: 5,
    windowMs: 10 * MINUTE,
    get message() {
      return rateLimitTexts.messagesToVehicle;
    },
  },
  // Issue 33: an urgent message alerts in the owner's quiet hours, so it is rarer than any other: keyed like
  // messagesPerVehiclePerSender, checked before it (docs/decisions/0150-quiet-hours-urgent.md).
  urgentMessagesPerVehiclePerSender: {
    name: 'urgent-messages-vehicle-sender',
    limit: 1,
    windowMs: HOUR,
    get message() {
      return rateLimitTexts.urgentMessages;
    },
  },
  messagesPerSender: {
    name: 'messages-sender',
    limit: 30,
    windowMs: HOUR,
    get message() {
      return rateLimitTexts.messages;
    },
  },
  // ADDENDUM §7: messages that open a conversation with one vehicle, from all senders together; the
  // number is ours (docs/decisions/0125-limits-by-network-and-vehicle.md).
  newConversationsPerVehicle: {
    name: 'conversations-vehicle',
    limit: 10,
    windowMs: HOUR,
    get message() {
      return rateLimitTexts.newConversations;
    },
  },
  // Beyond ADDENDUM §7: a test notification makes the server call a push service (0091).
  pushTestsPerUser: {
    name: 'push-test-user',
    limit: 10,
    windowMs: HOUR,
    get message() {
      return rateLimitTexts.pushTests;
    },
  },
  pushSubscriptionsPerUser: {
    name: 'push-subscribe-user',
    limit: 30,
    windowMs: HOUR,
    get message() {
      return rateLimitTexts.pushSubscriptions;
    },
  },
  // Beyond ADDENDUM §7: unblocking by a full address, right or wrong, answers alike; this bounds the
  // guesses a caller can check against their block list (docs/decisions/0124-unblock-by-address.md).
  unblockByEmailPerUser: {
    name: 'unblock-email-user',
    limit: 5,
    windowMs: HOUR,
    get message() {
      return rateLimitTexts.unblockByEmail;
    },
  },
  // Issue 33: a sender whom 3 owners reported or rated not helpful (src/server/messaging/reputation.ts) writes
  // one message a day, everywhere; the text tells them nothing more (decision 0151). Not scaled: it is the rule.
  heldSenderPerDay: {
    name: 'held-sender-day',
    limit: 1,
    windowMs: 24 * HOUR,
    get message() {
      return feedbackTexts.dailyLimit;
    },
    isExact: true,
  },
} satisfies Record<string, RateLimitRule>;
