import { texts } from '../../shared/i18n/texts.js';

/** Home's own texts (spec §2 Home); its blocks bring theirs. */
export const homeTexts = texts('home', {
  title: 'Home',
  account: 'Account',
  heading: 'Need to reach a driver?',
  scanTitle: 'Scan QR Code',
  scanSubtitle: 'Contact car owner',
  plateTitle: 'License Plate',
  plateSubtitle: 'Enter plate number',
});
