import { texts } from '../i18n/texts.js';
import type { PublicVehicle } from './vehicles.contract.js';

/**
 * The built-in sample vehicle every install has (created by a migration, owned by no account): what
 * "Test with sample QR code" finds when the camera fails. Never in a list or a plate lookup; its QR code
 * is fixed and public. Messages to it are accepted and delivered to no one
 * (docs/decisions/0045-sample-vehicle.md).
 */
export const SAMPLE_VEHICLE = {
  id: '00000000-0000-4000-8000-00000000a001',
  qrCode: 'sample',
  make: 'Toyota',
  model: 'Camry',
  year: '2024',
  color: 'blue',
  vehicleType: 'sedan',
  displayName: 'Sample Vehicle',
  licensePlate: 'SAMPLE',
  themePreset: 'default',
  acceptMessagesFrom: 'everyone',
  // Reads "SAMPLE00" typed with an L (read as 1, decision 0155); the issue's own example word.
  shortCode: 'SAMP1E00',
  verificationWord: 'MAPLE',
} as const satisfies PublicVehicle & { qrCode: string; shortCode: string };

export const isSampleVehicle = (vehicleId: string) => vehicleId === SAMPLE_VEHICLE.id;

export const sampleVehicleTexts = texts('sampleVehicle', {
  notice:
    'This is a sample vehicle for trying the app. It belongs to no one, so messages sent to it are not delivered.',
});
