import { texts } from '../../../shared/i18n/texts.js';

/**
 * Texts of the Help screen (spec §2 Help). The spec names its sections and what each covers, not the
 * words: these are ours (docs/decisions/0100-help-screen.md). The topics are
 * objects in the order shown (read with Object.values).
 */
export const helpTexts = texts('help', {
  title: 'Help & Support',
  back: 'Back to Profile',
  intro: 'How to get alerts on your phone, use the app and stay safe.',

  notificationsTitle: 'Get notifications on your phone',
  notificationsIntro:
    'Turn on notifications so you know within seconds when someone messages one of your vehicles, even with the app closed.',
  iphoneTitle: 'iPhone',
  iphoneSteps: [
    'Open this site in Safari.',
    'Tap the Share button, then Add to Home Screen, then Add.',
    'Open the app from its new icon on your home screen (notifications only work there on iPhone).',
    'Go to Profile, then Notifications.',
    'Tap Notifications to enable them.',
    'Tap Allow when your iPhone asks.',
    'Tap Notifications again to send yourself a test notification.',
  ],
  androidTitle: 'Android',
  androidSteps: [
    'Open this site in Chrome.',
    'Go to Profile, then tap Notifications to enable them.',
    'Tap Allow when Chrome asks.',
    'Optional: add the app to your home screen from Chrome’s menu (Install app or Add to Home screen).',
  ],

  troubleshootingTitle: 'Troubleshooting notifications',
  troubleshooting: [
    'Check that notifications for this app (or for Chrome) are allowed in your phone’s settings.',
    'Turn off Do Not Disturb or Focus, which silence notifications.',
    'On iPhone, open the app from its home screen icon, not from a Safari tab.',
    'Battery saver modes can delay notifications; exempt the app or Chrome if you can.',
    'In Settings, press Refresh Status under Push Notifications to renew this device’s subscription.',
    'If you blocked notifications, allow them again in your browser’s site settings, then enable them in the app.',
  ],

  howToTitle: 'How to use the app',
  howTo: {
    scan: {
      title: 'Scan a QR code',
      text: 'On Home, tap Scan QR Code and point your camera at the code in the vehicle’s window. The vehicle opens and you can write to its owner.',
    },
    plate: {
      title: 'Find a vehicle by its plate',
      text: 'On Home, tap License Plate, type the plate and press Find Vehicle.',
    },
    receive: {
      title: 'Receive messages',
      text: 'Register your vehicle under My Vehicles, then generate its QR code, print it and place it in a window. Messages appear in Messages, and as notifications when they are on.',
    },
  },

  privacyTitle: 'Privacy and safety',
  privacy: {
    anonymous: {
      title: 'Anonymous messaging',
      text: 'Neither side sees the other’s name, email address or account. Owners see only which of their vehicles was written to.',
    },
    blocking: {
      title: 'Blocking',
      text: 'Block anyone who misuses messages from the conversation’s options. Manage the people you blocked under Profile, then Blocked Users.',
    },
    disappear: {
      title: 'Messages disappear',
      text: 'Messages are deleted automatically after 24 hours.',
    },
    verified: {
      title: 'Verified email addresses',
      text: 'Accounts verify their email address: it prevents spam and ensures delivery.',
    },
  },

  commonIssuesTitle: 'Common issues',
  commonIssues: {
    scanner: {
      title: 'The QR scanner does not work',
      text: 'Allow camera access when asked (or in your browser’s site settings), make sure the code is well lit and fills the frame, and try the flashlight. You can always type the plate instead under License Plate.',
    },
    notReceiving: {
      title: 'I am not receiving messages',
      text: 'Check that your vehicle is registered and active in My Vehicles, that its QR code is the current one, and that notifications are enabled under Profile, then Notifications. Messages also appear in Messages whenever you open the app.',
    },
    badge: {
      title: 'The badge count is not updating',
      text: 'Open the app once so it can refresh the count, and keep notifications enabled: the badge follows your unread messages. On iPhone the badge needs the app installed to the home screen.',
    },
    cannotSend: {
      title: 'I cannot send messages',
      text: 'Messages need a connection and at most 500 characters. The owner may have paused messages for the vehicle, or you may be blocked; wait a little if you sent many messages quickly.',
    },
  },

  supportTitle: 'Contact support',
  supportIntro: 'Still stuck? Email us at',
  supportInclude: 'Please include:',
  supportList: [
    'your phone or computer and browser (for example iPhone 15, Safari),',
    'what you were trying to do,',
    'the exact error message, if one appeared,',
    'when it happened.',
  ],
});
