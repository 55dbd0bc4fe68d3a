import { texts } from '../../../shared/i18n/texts.js';

/**
 * The reactivation failure's texts (failures.ts), apart from the owner's screens' texts: failures.ts travels
 * with the messaging screens too, which should not carry the whole vehicleScreenTexts module.
 */
export const vehicleFailureTexts = texts('vehicleFailures', {
  reactivationPlateTaken:
    'Cannot reactivate: This license plate is already registered with another active vehicle',
  reactivationFailed: 'Failed to reactivate vehicle',
});
