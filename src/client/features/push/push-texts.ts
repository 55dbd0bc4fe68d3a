import { icu, texts } from '../../../shared/i18n/texts.js';

/**
 * Texts of push and basic notifications on the client. Spec §8 names the toasts and explanations but not
 * their words; these are ours (docs/decisions/0093-push-client.md). Labels are the spec's (§2, §4).
 */
export const pushTexts = texts('pushScreens', {
  cardTitle: 'Push Notifications',
  // Issue 10: notifications.showPreviews, kept on the server (docs/decisions/0104-notification-previews.md).
  showPreviews: 'Show message previews',
  showPreviewsHint: 'Notifications show the message’s text. Off, they only say a message came.',
  entryLabel: 'Notifications',

  // Settings' status badge, spec §4.
  badge: {
    pushActive: 'Push Active',
    basicActive: 'Basic Active',
    notAvailable: 'Not Available',
    blocked: 'Blocked',
    basicAvailable: 'Basic Available',
    inactive: 'Inactive',
  },
  // Profile's Notifications entry, spec §2.
  profileStatus: {
    fullyEnabled: 'Fully Enabled',
    partiallyEnabled: 'Partially Enabled',
    blocked: 'Blocked',
    disabled: 'Disabled',
    notSupported: 'Not Supported',
  },

  enable: 'Enable',
  enabling: 'Enabling...',
  disable: 'Disable',
  sendTest: 'Send Test',
  refreshStatus: 'Refresh Status',
  notNow: 'Not now',

  // Explanations, spec §8.
  explanation: {
    notAvailable:
      "Notifications aren't available on this device. You'll still see new messages when you open the app.",
    limitedIos:
      'Safari on iOS has limited support for notifications. Add this app to your Home Screen and open it from there to be notified even when the app is closed.',
    limited:
      'This browser has limited support for notifications: you are alerted only while the app is open.',
    blocked:
      'Notifications are blocked. Enable them in your browser settings to be alerted when someone messages your vehicles.',
    active: "You'll be notified about new messages even when the app is closed.",
    inactive: 'Enable notifications to get instant alerts when someone messages your vehicles.',
  },

  blockedGuideTitle: 'How to unblock notifications',
  blockedGuide: [
    'Open your browser’s settings for this site (the icon left of the address, or Site settings).',
    'Find Notifications and choose Allow.',
    'Come back here and press Refresh Status.',
  ],
  browserHelp: icu<{ browser: string }>('{browser} help'),

  // The auto-prompt (spec §4 Push permission).
  promptTitle: 'Get notified about new messages',
  promptDescription:
    'Turn on notifications to know right away when someone messages your vehicles, even when the app is closed.',

  // Toasts, spec §8.
  notSupportedTitle: 'Notifications Not Supported',
  notSupported: "This browser can't show notifications. You'll still see new messages in the app.",
  notSupportedIos:
    'On iPhone and iPad, notifications need the app on your Home Screen: in Safari tap Share, then Add to Home Screen, and open the app from its icon.',
  blockedTitle: 'Notifications Blocked',
  blocked: 'Allow notifications for this site in your browser settings, then try again.',
  permissionErrorTitle: 'Permission Error',
  permissionError: 'Could not ask for permission to show notifications. Please try again.',
  subscriptionFailedTitle: 'Subscription Failed',
  subscriptionFailed: "This browser couldn't subscribe to push notifications. Please try again later.",
  authenticationRequiredTitle: 'Authentication Required',
  authenticationRequired: 'Please sign in again to turn on push notifications.',
  configurationErrorTitle: 'Configuration Error',
  configurationError: 'Push notifications are not set up on the server yet.',
  enabledTitle: 'Notifications Enabled',
  enabled: "You'll be notified when someone messages your vehicles.",
  disabledTitle: 'Notifications Disabled',
  disabled: "You won't get notifications on this device.",
  testSentTitle: 'Test Sent',
  testSent: 'A test notification is on its way.',
  noSubscriptionTitle: 'No Subscription',
  noSubscription: 'This device has no push subscription yet. Enable notifications first.',
  testFailedTitle: 'Test Failed',
  testFailed: 'The test notification could not be sent. Please try again.',
  currentStatusTitle: 'Current Status',
  renewalTitle: 'Notifications Need Renewing',
  renewal: 'Open Settings and press Enable to keep getting alerts about your vehicles.',
  openSettings: 'Settings',

  // Refresh Status's toast: the badge and the browser's permission.
  currentStatus: icu<{ status: string; permission: string }>('{status} (permission {permission})'),
  permission: {
    granted: 'allowed',
    denied: 'blocked',
    default: 'not asked yet',
  },

  // What a basic (in-page) notification says.
  basicTitle: 'New message',
  basicBody: icu<{ count: number }>(
    '{count, plural, one {You have # unread message.} other {You have # unread messages.}}',
  ),
});
