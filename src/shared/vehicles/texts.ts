import { texts } from '../i18n/texts.js';

/** Texts of the vehicle and lookup screens that the server sends too (spec §5, §8); kept once, here. */
export const vehicleTexts = texts('vehicles', {
  // Registration (spec §5 Vehicle registration), toast title "Error".
  fillAllFields: 'Please fill in all fields',
  plateTooShort: 'License plate is too short',
  plateTooLong: 'License plate is too long (max 10 characters)',
  plateNotReal: 'Please enter a real license plate number',
  plateBadFormat: 'Please enter a valid license plate format',
  displayNameTooLong: 'Display name must be at most 100 characters',
  // Edit (spec §5 Vehicle edit), toast title "Missing Information".
  fillRequiredFields: 'Please fill in all required fields',
  // Lookup (spec §5 Licence plate lookup), toast title "Invalid License Plate" (the first: "Error").
  lookupEmpty: 'Please enter a license plate number',
  lookupRequired: 'License plate is required',
  lookupTooLong: 'License plate is too long (max 15 characters)',
  lookupNoAlphanumerics: 'License plate must contain letters or numbers',
  lookupNotReal: 'Please enter a real license plate number',
  lookupBadCharacters: 'License plate can only contain letters, numbers, spaces, and hyphens',
  // Server-side rules (spec §5 Server-enforced rules, §8).
  plateAlreadyRegistered: 'License plate already registered',
  cannotReactivate:
    'Cannot reactivate vehicle: this license plate is already registered with another active vehicle',
  vehicleNotFound: 'Vehicle not found',
  unknownMake: 'Please choose a make from the list',
  unknownColor: 'Please choose a color from the list',
  unknownVehicleType: 'Please choose a vehicle type from the list',
  invalidYear: 'Please choose a year from the list',
  modelTooLong: 'Model must be at most 50 characters',
  unknownThemePreset: 'Please choose one of the theme presets',
  unknownAcceptMessagesFrom: 'Please choose who may message this vehicle: everyone, verified or nobody',
  tooManyVehicles: 'You can register at most 20 vehicles. Remove one to add another.',
});
