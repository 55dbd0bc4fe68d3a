import { texts } from '../../shared/i18n/texts.js';

/** Texts of the app's shell: its navigation, offline notices, error pages (spec §2, §8). */
export const shellTexts = texts('shell', {
  // Spec §2 bottom navigation.
  mainNavigation: 'Main',
  home: 'Home',
  messages: 'Messages',
  profile: 'Profile',
  unread: 'unread',
  // Spec §8 connectivity.
  offlineBanner: "You're offline. Some features may not work.",
  offlineTitle: "You're Offline",
  offlineDescription: 'Some features may not work until you reconnect',
  onlineTitle: 'Back Online',
  onlineDescription: 'Your internet connection has been restored',
  // Spec §8 "Error fallback page": titles and buttons are the spec's; Connection Problem's buttons are ours.
  refreshPage: 'Refresh Page',
  tryAgain: 'Try Again',
  goToHome: 'Go to Home',
  updateApp: 'Update App',
  appUpdateTitle: 'App Update Available',
  appUpdateDescription:
    'A new version of the app has been released, so loading part of it (a chunk) failed. Update the app to continue.',
  connectionTitle: 'Connection Problem',
  connectionDescription:
    'We could not reach the server. Please check your internet connection and try again.',
  unexpectedTitle: 'Something Went Wrong',
  unexpectedDescription: 'An unexpected error occurred. Please refresh the page or try again.',
  // Not found (spec §2).
  notFoundTitle: 'Page Not Found',
  notFoundDescription: 'Did you forget to add the page to the router?',
  // Spec §2 Overrides: the session cannot be read.
  unavailablePageTitle: 'Service Unavailable',
  unavailableTitle: 'Service Temporarily Unavailable',
  unavailableDescription: "We're experiencing technical difficulties. Please try again in a few moments.",
  retry: 'Retry',
});
