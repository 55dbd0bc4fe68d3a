import { feedbackTexts } from '../../shared/messaging/feedback.contract.js';
import type { RateLimitRule } from './rate-limiter.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The abuse limits of ADDENDUM §7 (before RATE_LIMIT_MULTIPLIER). */
export const rateLimits = {
  loginPerIp: {
    name: 'login-ip',
    limit: 10,
    windowMs: 15 * MINUTE,
    message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  },
  // Failed sign-ins only, per address; a browser the account signed in from before counts its own
  // failures instead (docs/decisions/0046-login-lockout.md).
  loginFailuresPerEmail: {
    name: 'login-email',
    limit: 10,
    windowMs: 15 * MINUTE,
    message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  },
  loginFailuresPerDevice: {
    name: 'login-device',
    limit: 10,
    windowMs: 15 * MINUTE,
    message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  },
  registrationPerIp: {
    name: 'register-ip',
    limit: 5,
    windowMs: HOUR,
    message: 'Too many accounts created from this network. Please try again in an hour.',
  },
  forgotPasswordPerEmail: {
    name: 'forgot-password-email',
    limit: 3,
    windowMs: HOUR,
    message: 'Too many password reset emails requested for this address. Please try again in an hour.',
  },
  resendVerificationPerEmail: {
    name: 'resend-verification-email',
    limit: 3,
    windowMs: HOUR,
    message: 'Too many verification emails requested for this address. Please try again in an hour.',
  },
  // Beyond ADDENDUM §7: per-address limits where the per-email ones alone leave the server open to
  // floods of new addresses (docs/decisions/0004-abuse-limits.md).
  accountMailPerIp: {
    name: 'account-mail-ip',
    limit: 20,
    windowMs: HOUR,
    message: 'Too many emails requested from this network. Please try again in an hour.',
  },
  resetPasswordPerIp: {
    name: 'reset-password-ip',
    limit: 10,
    windowMs: 15 * MINUTE,
    message: 'Too many password reset attempts. Please wait 15 minutes and try again.',
  },
  externalSignInPerIp: {
    name: 'external-sign-in-ip',
    limit: 30,
    windowMs: 15 * MINUTE,
    message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  },
  lookupPerIp: {
    name: 'lookup-ip',
    limit: 60,
    windowMs: MINUTE,
    message: 'Too many vehicle lookups. Please wait a minute and try again.',
  },
  // ADDENDUM §7: per sender (account, else IP address; an IPv6 address by its /64, addressKeyOf).
  messagesPerVehiclePerSender: {
    name: 'messages-vehicle-sender',
    limit: 5,
    windowMs: 10 * MINUTE,
    message: 'Too many messages to this vehicle. Please wait a few minutes and try again.',
  },
  // Issue 33: an urgent message alerts in the owner's quiet hours, so it is rarer than any other: keyed like
  // messagesPerVehiclePerSender, checked before it (docs/decisions/0150-quiet-hours-urgent.md).
  urgentMessagesPerVehiclePerSender: {
    name: 'urgent-messages-vehicle-sender',
    limit: 1,
    windowMs: HOUR,
    message:
      'You can send one urgent message to this vehicle per hour. You can still send it as a normal message.',
  },
  messagesPerSender: {
    name: 'messages-sender',
    limit: 30,
    windowMs: HOUR,
    message: 'Too many messages sent. Please wait a while and try again.',
  },
  // ADDENDUM §7: messages that open a conversation with one vehicle, from all senders together; the
  // number is ours (docs/decisions/0125-limits-by-network-and-vehicle.md).
  newConversationsPerVehicle: {
    name: 'conversations-vehicle',
    limit: 10,
    windowMs: HOUR,
    message: 'Too many people have written to this vehicle in the last hour. Please try again later.',
  },
  // Beyond ADDENDUM §7: a test notification makes the server call a push service (0091).
  pushTestsPerUser: {
    name: 'push-test-user',
    limit: 10,
    windowMs: HOUR,
    message: 'Too many test notifications. Please try again in an hour.',
  },
  pushSubscriptionsPerUser: {
    name: 'push-subscribe-user',
    limit: 30,
    windowMs: HOUR,
    message: 'Too many notification subscriptions. Please try again in an hour.',
  },
  // Beyond ADDENDUM §7: unblocking by a full address, right or wrong, answers alike; this bounds the
  // guesses a caller can check against their block list (docs/decisions/0124-unblock-by-address.md).
  unblockByEmailPerUser: {
    name: 'unblock-email-user',
    limit: 5,
    windowMs: HOUR,
    message: 'Too many attempts to unblock by email address. Please try again in an hour.',
  },
  // Issue 33: a sender whom 3 owners reported or rated not helpful (src/server/messaging/reputation.ts) writes
  // one message a day, everywhere; the text tells them nothing more (decision 0151). Not scaled: it is the rule.
  heldSenderPerDay: {
    name: 'held-sender-day',
    limit: 1,
    windowMs: 24 * HOUR,
    message: feedbackTexts.dailyLimit,
    isExact: true,
  },
} satisfies Record<string, RateLimitRule>;
