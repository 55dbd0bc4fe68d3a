import { texts } from '../../shared/i18n/texts.js';

/** Texts of the landing page (spec §2 Landing), kept once, here. */
export const landingTexts = texts('landing', {
  pageTitle: 'Welcome',
  // The heading, its last words highlighted; the first part ends with the space a language puts between.
  headingStart: "Reach any vehicle's owner, ",
  headingHighlight: 'anonymously',
  intro:
    "Scan the QR code in a vehicle's window or enter its license plate, and send the owner a message. No names, no phone numbers, no account needed.",
  scanQrCode: 'Scan a QR Code',
  enterPlate: 'Enter a License Plate',
  ownersTitle: 'Own a vehicle?',
  ownersText:
    'Register it for free, put its QR code in the window, and get a message when it matters, without sharing your phone number.',
  getStarted: 'Get Started Free',
  signIn: 'Sign In',
  howItWorksTitle: 'How It Works',
  howItWorks: {
    qrCode: { title: 'QR Code Scanning', text: "Scan the QR code sticker shown in a vehicle's window." },
    plate: {
      title: 'License Plate Lookup',
      text: 'No sticker? Find the vehicle by its license plate number.',
    },
    anonymous: {
      title: 'Anonymous Messaging',
      text: 'Write to the owner without sharing your name, email or phone number.',
    },
    privacy: {
      title: 'Privacy & Security',
      text: 'Neither side learns who the other is, and messages are deleted automatically after 24 hours.',
    },
  },
  situationsTitle: 'Common Situations',
  situations: {
    driveway: { title: 'Blocking Driveway', text: 'A car is blocking your driveway or garage.' },
    headlights: { title: 'Headlights On', text: 'The lights were left on and the battery is draining.' },
    window: { title: 'Window Open', text: 'A window or sunroof is open before the rain.' },
    emergencies: { title: 'Emergencies', text: 'Something is wrong and the owner needs to know now.' },
  },
  closingTitle: 'Ready to get started?',
  closingText:
    'Register your vehicles for free, put a QR code in the window and receive messages when it matters.',
  createAccount: 'Create Your Free Account',
});
