import { texts } from '../../../shared/i18n/texts.js';

/**
 * Texts of the install prompts and cards. The toasts are the spec's (§4, §8); the rest are ours
 * (docs/decisions/0094-install-prompts.md). The prompts
 * wait for the rest catalogue that holds their words (use-install.ts useIsDue); Settings' card and banner
 * have their own namespace.
 */
export const installTexts = texts('install', {
  installedTitle: 'App Installed!',
  installedDescription: 'Open Vehicle Contact from your home screen or app list.',
  cancelledTitle: 'Installation Cancelled',
  cancelledDescription: 'You can install the app later from your browser menu.',
  failedTitle: 'Installation Failed',
  failedDescription: 'Please try again or install manually from your browser.',

  overlayTitle: 'Install Vehicle Contact',
  overlayIntro: 'Add the app to your home screen:',
  overlayBenefits: [
    'Opens in one tap, in its own window',
    'Works when you are offline',
    'Message notifications and an unread badge on the icon',
  ],
  install: 'Install',
  notNow: 'Not Now',

  iosTitle: 'Add to Home Screen',
  iosIntro: 'Install Vehicle Contact to open it from your home screen and receive message notifications:',
  iosSteps: [
    'Tap the Share button in Safari’s toolbar.',
    'Scroll down and tap Add to Home Screen.',
    'Tap Add.',
  ],
  gotIt: 'Got It',
});

/** Settings' install banner and card (docs/decisions/0094-install-prompts.md). */
export const installCardTexts = texts('installCard', {
  bannerTitle: 'Get the App',
  bannerText: 'Install Vehicle Contact on your phone for quick access and message notifications.',
  bannerShowHow: 'Show Me How',

  cardTitle: 'Install App',
  cardDescription:
    'Open Vehicle Contact from your home screen, use it offline and get message notifications.',
  cardInstall: 'Install App',
  cardInstalled: 'Vehicle Contact is installed on this device.',
  cardManualTitle: 'Install from your browser',
  chromeEdgeTitle: 'Chrome / Edge',
  chromeEdgeSteps:
    'Open the browser menu (⋮ or …) and choose Install app, or Add to Home screen on a phone. On a computer, the install icon in the address bar does it too.',
  safariIosTitle: 'Safari (iPhone and iPad)',
  safariIosSteps: 'Tap the Share button, then Add to Home Screen, then Add.',
  firefoxTitle: 'Firefox',
  firefoxSteps:
    'On Android, open the menu (⋮) and choose Install. Firefox on a computer cannot install web apps: open this page in Chrome or Edge to install it.',
});
