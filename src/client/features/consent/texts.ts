import { icu, texts } from '../../../shared/i18n/texts.js';

/**
 * Texts of the cookie consent banner and Settings' consent block (spec §2 Overlays and banners, Settings;
 * §4 Cookie consent). The spec names the badge values; the rest is ours
 * (docs/decisions/0101-preferences-and-consent.md).
 */
export const consentTexts = texts('consent', {
  bannerTitle: 'Cookies on this device',
  // One short line each: the banner covers the bottom of a phone's screen (docs/decisions/0105-first-paint.md).
  bannerText: 'We keep your preferences in cookies here.',
  bannerDetail: 'With consent we count app use, locally.',
  accept: 'Accept',
  decline: 'Decline',
  settingsLink: 'Cookie settings',
  blockTitle: 'Cookie consent',
  accepted: 'Accepted',
  declined: 'Declined',
  notSet: 'Not Set',
  since: icu<{ date: string }>('Since {date}'),
  reset: 'Reset Cookie Preferences',
  resetDone: 'Cookie preferences reset',
  resetDoneDescription: 'The app reloads to ask you again.',
});
