/** The vehicle catalog of spec §3: makes with their models, types, colors, years. Kept once, here. */

import { OTHER_MAKE } from './label.js';

export { OTHER_MAKE };
/** Ends every make's model list; choosing it (or make Other) lets the owner type the model. */
export const OTHER_MODEL = 'Other / Not Listed';
/** The single model of make Other. */
export const CUSTOM_ENTRY_MODEL = 'Custom Entry';

export const VEHICLE_MAKES = [
  'Acura',
  'Audi',
  'BMW',
  'Buick',
  'Cadillac',
  'Chevrolet',
  'Chrysler',
  'Dodge',
  'Ford',
  'Genesis',
  'GMC',
  'Honda',
  'Hyundai',
  'Infiniti',
  'Jaguar',
  'Jeep',
  'Kia',
  'Land Rover',
  'Lexus',
  'Lincoln',
  'Mazda',
  'Mercedes-Benz',
  'Mitsubishi',
  'Nissan',
  'Porsche',
  'Ram',
  'Subaru',
  'Tesla',
  'Toyota',
  'Volkswagen',
  'Volvo',
  OTHER_MAKE,
] as const;
export type VehicleMake = (typeof VEHICLE_MAKES)[number];

// The vehicle types live in their own module: the response contracts need them on the first screen,
// the rest of the catalog only the vehicle forms (docs/decisions/0095-first-load-budget.md).
export {
  DEFAULT_VEHICLE_TYPE,
  VEHICLE_TYPE_VALUES,
  VEHICLE_TYPES,
  type VehicleType,
} from './vehicle-types.js';

export const VEHICLE_COLORS = [
  'black',
  'white',
  'silver',
  'gray',
  'red',
  'blue',
  'green',
  'yellow',
  'orange',
  'purple',
  'brown',
  'other',
] as const;
export type VehicleColor = (typeof VEHICLE_COLORS)[number];

export const FIRST_REGISTRATION_YEAR = 1985;
export const EDIT_YEAR_SPAN = 30;

/** Registration offers the current year down to 1985. */
export function registrationYears(today = new Date()): string[] {
  const current = today.getFullYear();
  return Array.from({ length: current - FIRST_REGISTRATION_YEAR + 1 }, (_, index) => String(current - index));
}

/** Edit offers the current year and the previous 29. */
export function editYears(today = new Date()): string[] {
  const current = today.getFullYear();
  return Array.from({ length: EDIT_YEAR_SPAN }, (_, index) => String(current - index));
}

/** The models offered for a make; empty for an unknown make. */
export function modelsOf(make: string): readonly string[] {
  return Object.hasOwn(VEHICLE_MODELS, make) ? VEHICLE_MODELS[make as VehicleMake] : [];
}

/** Whether the model is typed rather than chosen: make Other, a make without a list, or "Other / Not Listed". */
export function isFreeTextModel(make: string, model: string): boolean {
  return make === OTHER_MAKE || modelsOf(make).length === 0 || model === OTHER_MODEL;
}

/** Each make's models, ending with OTHER_MODEL; Other has only CUSTOM_ENTRY_MODEL. */
export const VEHICLE_MODELS: Record<VehicleMake, readonly string[]> = {
  Acura: ['ILX', 'Integra', 'MDX', 'RDX', 'TLX', 'NSX', OTHER_MODEL],
  Audi: ['A3', 'A4', 'A5', 'A6', 'A8', 'Q3', 'Q5', 'Q7', 'Q8', 'e-tron', 'TT', OTHER_MODEL],
  BMW: [
    '2 Series',
    '3 Series',
    '4 Series',
    '5 Series',
    '7 Series',
    'X1',
    'X3',
    'X5',
    'X7',
    'i4',
    'iX',
    OTHER_MODEL,
  ],
  Buick: ['Enclave', 'Encore', 'Encore GX', 'Envision', 'LaCrosse', OTHER_MODEL],
  Cadillac: ['CT4', 'CT5', 'Escalade', 'Lyriq', 'XT4', 'XT5', 'XT6', OTHER_MODEL],
  Chevrolet: [
    'Blazer',
    'Camaro',
    'Colorado',
    'Corvette',
    'Equinox',
    'Malibu',
    'Silverado',
    'Suburban',
    'Tahoe',
    'Trailblazer',
    'Traverse',
    OTHER_MODEL,
  ],
  Chrysler: ['300', 'Pacifica', 'Voyager', OTHER_MODEL],
  Dodge: ['Challenger', 'Charger', 'Durango', 'Hornet', 'Journey', OTHER_MODEL],
  Ford: [
    'Bronco',
    'Edge',
    'Escape',
    'Expedition',
    'Explorer',
    'F-150',
    'Maverick',
    'Mustang',
    'Mustang Mach-E',
    'Ranger',
    'Transit',
    OTHER_MODEL,
  ],
  Genesis: ['G70', 'G80', 'G90', 'GV60', 'GV70', 'GV80', OTHER_MODEL],
  GMC: ['Acadia', 'Canyon', 'Hummer EV', 'Sierra', 'Terrain', 'Yukon', OTHER_MODEL],
  Honda: ['Accord', 'Civic', 'CR-V', 'HR-V', 'Odyssey', 'Passport', 'Pilot', 'Ridgeline', OTHER_MODEL],
  Hyundai: [
    'Elantra',
    'Ioniq 5',
    'Ioniq 6',
    'Kona',
    'Palisade',
    'Santa Cruz',
    'Santa Fe',
    'Sonata',
    'Tucson',
    'Venue',
    OTHER_MODEL,
  ],
  Infiniti: ['Q50', 'Q60', 'QX50', 'QX55', 'QX60', 'QX80', OTHER_MODEL],
  Jaguar: ['E-Pace', 'F-Pace', 'F-Type', 'I-Pace', 'XE', 'XF', OTHER_MODEL],
  Jeep: [
    'Cherokee',
    'Compass',
    'Gladiator',
    'Grand Cherokee',
    'Renegade',
    'Wagoneer',
    'Wrangler',
    OTHER_MODEL,
  ],
  Kia: [
    'Carnival',
    'EV6',
    'EV9',
    'Forte',
    'K5',
    'Niro',
    'Seltos',
    'Sorento',
    'Soul',
    'Sportage',
    'Telluride',
    OTHER_MODEL,
  ],
  'Land Rover': [
    'Defender',
    'Discovery',
    'Discovery Sport',
    'Range Rover',
    'Range Rover Evoque',
    'Range Rover Sport',
    'Range Rover Velar',
    OTHER_MODEL,
  ],
  Lexus: ['ES', 'GX', 'IS', 'LS', 'LX', 'NX', 'RX', 'RZ', 'TX', 'UX', OTHER_MODEL],
  Lincoln: ['Aviator', 'Corsair', 'Nautilus', 'Navigator', OTHER_MODEL],
  Mazda: ['CX-30', 'CX-5', 'CX-50', 'CX-70', 'CX-90', 'Mazda3', 'Mazda6', 'MX-5 Miata', OTHER_MODEL],
  'Mercedes-Benz': [
    'A-Class',
    'C-Class',
    'CLA',
    'E-Class',
    'EQE',
    'EQS',
    'G-Class',
    'GLA',
    'GLB',
    'GLC',
    'GLE',
    'GLS',
    'S-Class',
    'Sprinter',
    OTHER_MODEL,
  ],
  Mitsubishi: ['Eclipse Cross', 'Mirage', 'Outlander', 'Outlander Sport', OTHER_MODEL],
  Nissan: [
    'Altima',
    'Ariya',
    'Frontier',
    'Kicks',
    'Leaf',
    'Murano',
    'Pathfinder',
    'Rogue',
    'Sentra',
    'Titan',
    'Versa',
    OTHER_MODEL,
  ],
  Porsche: ['718 Boxster', '718 Cayman', '911', 'Cayenne', 'Macan', 'Panamera', 'Taycan', OTHER_MODEL],
  Ram: ['1500', '2500', '3500', 'ProMaster', OTHER_MODEL],
  Subaru: [
    'Ascent',
    'BRZ',
    'Crosstrek',
    'Forester',
    'Impreza',
    'Legacy',
    'Outback',
    'Solterra',
    'WRX',
    OTHER_MODEL,
  ],
  Tesla: ['Model 3', 'Model Y', 'Model S', 'Model X', 'Cybertruck', OTHER_MODEL],
  Toyota: [
    '4Runner',
    'Camry',
    'Corolla',
    'Corolla Cross',
    'Grand Highlander',
    'Highlander',
    'Prius',
    'RAV4',
    'Sequoia',
    'Sienna',
    'Tacoma',
    'Tundra',
    OTHER_MODEL,
  ],
  Volkswagen: [
    'Atlas',
    'Atlas Cross Sport',
    'Golf',
    'GTI',
    'ID.4',
    'Jetta',
    'Passat',
    'Taos',
    'Tiguan',
    OTHER_MODEL,
  ],
  Volvo: ['C40', 'EX30', 'EX90', 'S60', 'S90', 'V60', 'XC40', 'XC60', 'XC90', OTHER_MODEL],
  Other: [CUSTOM_ENTRY_MODEL],
};
