import { texts } from '../../../shared/i18n/texts.js';

/** Texts of the finder screens (spec §2 QR scanner, Licence plate lookup, Vehicle found; §8), kept once, here. */
export const finderTexts = texts('finder', {
  // QR scanner.
  scannerTitle: 'Scan QR Code',
  scanning: 'Scanning for QR codes...',
  positionHint: 'Position QR code within the frame',
  lightingHint: 'Make sure the QR code is clearly visible and well-lit',
  enterPlateInstead: "Can't scan? Enter license plate instead",
  testWithSample: 'Test with sample QR code',
  // Our own words (the spec is silent): while the camera starts and while a scanned code is looked up.
  startingCamera: 'Starting camera...',
  lookingUp: 'Looking up vehicle...',
  // Spec §8 Camera.
  noCameraDevices: 'No camera devices found',
  cameraStartFailed: 'Failed to start camera. Please allow camera access.',
  cameraNotAvailable: 'Camera not available',
  // Spec §8 QR lookup: the error texts handed to the shared handler.
  qrLookupContext: 'QR code scanning',
  qrNotFound: 'Vehicle not found or QR code not registered',
  qrLookupFailed: 'Failed to lookup vehicle',
  // Spec §8 "QR code invalid": matched by the shared handler's message-specific toasts.
  qrInvalid: 'QR code invalid',
  // Licence plate lookup.
  plateTitle: 'Find Vehicle',
  plateIntro: 'Enter the license plate number to contact the vehicle owner',
  plateLabel: 'License Plate Number',
  platePlaceholder: 'ABC-1234 or CUSTOM',
  plateHint: 'Supports standard (ABC-1234) and custom plates (CUSTOM, LOVE2GO)',
  findVehicle: 'Find Vehicle',
  searching: 'Searching...',
  openQrScanner: 'Open QR Scanner',
  // Our words (issue 34, decision 0155): the sticker's short code, typed.
  codeQuestion: 'Have a sticker code?',
  codeLabel: 'Sticker code',
  codePlaceholder: 'XXXX-XXXX',
  codeHint: 'The 8 characters printed under the QR code',
  findByCode: 'Find by Code',
  codeInvalidTitle: 'Invalid code',
  codeInvalid: 'A sticker code has 8 letters and digits, like 7K3M-Q9XA.',
  codeNotFound: 'No vehicle has this code. Make sure it is exactly as it appears on the sticker.',
  // Spec §8 Plate lookup.
  plateNotFoundTitle: 'Vehicle Not Found',
  plateNotFound:
    'This vehicle is not registered with the product. Make sure the license plate is exactly as it appears on the vehicle.',
  plateFailedTitle: 'Error',
  plateFailed: 'Failed to search for vehicle',
  // Vehicle found.
  foundTitle: 'Vehicle Found',
  foundIntro: 'Send the owner an anonymous message. They will not see who you are.',
  // A kept vehicle removed since (docs/decisions/0044-finder-kept-vehicle-refreshed.md).
  foundGone: 'This vehicle is not registered with the product or is no longer active.',
  // Issue 34: the word a genuine sticker shows, said in large type before the finder writes.
  stickerWordBefore: 'This sticker should show the word',
  stickerWordAfter: "If it doesn't, don't trust it.",
  sendMessage: 'Send Message',
  // Our words: the vehicle takes messages only from verified accounts, and the finder is signed out.
  signInToWrite: 'Sign In to Write',
  cancel: 'Cancel',
  // The vehicle as anyone may see it (ADDENDUM §1).
  vehicle: 'Vehicle',
  licensePlate: 'License plate',
  color: 'Color',
  type: 'Type',
  // Vehicle found's failures (spec §8).
  tryAgain: 'Try Again',
  goToHome: 'Go to Home',
  // "Want a reply?" (issue 32).
  replyTitle: 'Want a reply?',
  replyIntro:
    "You can send a message without an account and see the owner's answer here. Create one or sign in to get replies on any device.",
  createAccount: 'Create Account',
  // QR scanner's controls.
  flashlight: 'Flashlight',
  cameraView: 'Camera view',
  // Licence plate lookup.
  qrStickerQuestion: 'Is there a QR code sticker on the vehicle?',
});
