import * as c from '../contract.js';
import {
  DEFAULT_VEHICLE_TYPE,
  FIRST_REGISTRATION_YEAR,
  VEHICLE_COLORS,
  VEHICLE_MAKES,
  VEHICLE_TYPE_VALUES,
  type VehicleType,
} from './catalog.js';
import { displayPlate, registrationPlateProblem } from './plates.js';
import { vehicleTexts } from './texts.js';
import { THEME_PRESET_VALUES } from './themes.js';

// The vehicles' endpoints: the owner's forms and their rules (POST and PATCH /api/vehicles, PUT theme)
// here, the answers in vehicles.responses.ts, re-exported. Those stay apart so the first screens read
// vehicles without the catalog these rules need: a module goes whole into one chunk (decision 0132).
export * from './vehicles.responses.js';

import {
  ACCEPT_MESSAGES_FROM,
  type AcceptMessagesFrom,
  DISPLAY_NAME_MAX,
  MODEL_MAX,
  type PublicVehicle,
} from './vehicles.responses.js';

/** The vehicle form as the screens hold it (every field text; year as text). */
export interface VehicleFormValues {
  make: string;
  model: string;
  year: string;
  licensePlate: string;
  color: string;
  displayName: string;
  vehicleType: string;
}

/**
 * Every field of a vehicle request is text, the year too (spec §3: "held as text on entry"), which is
 * what the forms send. Any other kind is refused with "<field> must be text" before the rules run;
 * absent and null are "no value" (docs/decisions/0055-request-field-types.md).
 */
const VEHICLE_FIELDS = {
  make: 'text',
  model: 'text',
  year: 'text',
  licensePlate: 'text',
  color: 'text',
  displayName: 'text',
  vehicleType: 'text',
} as const satisfies Record<keyof VehicleFormValues, c.FieldKind>;

/** A field's text, trimmed; no value is empty. Only read after fieldTypeProblem passed. */
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Checks a form's values against the catalog; the screens' selects always pass, crafted requests may not. */
function catalogProblem(form: VehicleFormValues, today: Date): string | undefined {
  if (!(VEHICLE_MAKES as readonly string[]).includes(form.make)) return vehicleTexts.unknownMake;
  if (form.model.length > MODEL_MAX) return vehicleTexts.modelTooLong;
  const year = Number(form.year);
  if (!/^\d{4}$/.test(form.year) || year < FIRST_REGISTRATION_YEAR || year > today.getFullYear()) {
    return vehicleTexts.invalidYear;
  }
  if (!(VEHICLE_COLORS as readonly string[]).includes(form.color)) return vehicleTexts.unknownColor;
  if (form.vehicleType && !(VEHICLE_TYPE_VALUES as readonly string[]).includes(form.vehicleType)) {
    return vehicleTexts.unknownVehicleType;
  }
  return undefined;
}

function normalise(input: Partial<Record<keyof VehicleFormValues, unknown>>): VehicleFormValues {
  return {
    make: text(input.make),
    model: text(input.model),
    year: text(input.year),
    licensePlate: text(input.licensePlate),
    color: text(input.color),
    displayName: text(input.displayName),
    vehicleType: text(input.vehicleType),
  };
}

/**
 * A field of the wrong kind, then spec §5 Vehicle registration in its order, then the catalog. The first
 * problem's text, or undefined.
 */
export function registrationProblem(
  input: Partial<Record<keyof VehicleFormValues, unknown>>,
  today = new Date(),
) {
  const typeProblem = c.fieldTypeProblem(input, VEHICLE_FIELDS);
  if (typeProblem) return typeProblem;
  const form = normalise(input);
  if (!form.make || !form.model || !form.year || !form.licensePlate || !form.color)
    return vehicleTexts.fillAllFields;
  const plateProblem = registrationPlateProblem(form.licensePlate);
  if (plateProblem) return plateProblem;
  if (form.displayName.length > DISPLAY_NAME_MAX) return vehicleTexts.displayNameTooLong;
  return catalogProblem(form, today);
}

/**
 * A field of the wrong kind, then spec §5 Vehicle edit (required fields, display name), plus the registration plate rules so an edit
 * cannot store a plate registration would refuse (docs/decisions/0020-vehicle-rules.md).
 */
export function editProblem(input: Partial<Record<keyof VehicleFormValues, unknown>>, today = new Date()) {
  const typeProblem = c.fieldTypeProblem(input, VEHICLE_FIELDS);
  if (typeProblem) return typeProblem;
  const form = normalise(input);
  if (!form.make || !form.model || !form.licensePlate || !form.year || !form.color)
    return vehicleTexts.fillRequiredFields;
  const plateProblem = registrationPlateProblem(form.licensePlate);
  if (plateProblem) return plateProblem;
  if (form.displayName.length > DISPLAY_NAME_MAX) return vehicleTexts.displayNameTooLong;
  return catalogProblem(form, today);
}

/** The request body both POST and PATCH /api/vehicles take, after validation. */
export type VehicleInput = Omit<
  PublicVehicle,
  'id' | 'themePreset' | 'acceptMessagesFrom' | 'verificationWord'
>;

function toInput(form: VehicleFormValues): VehicleInput {
  return {
    make: form.make,
    model: form.model,
    year: form.year,
    licensePlate: displayPlate(form.licensePlate),
    color: form.color,
    displayName: form.displayName || null,
    vehicleType: (form.vehicleType || DEFAULT_VEHICLE_TYPE) as VehicleType,
  };
}

type VehicleBody = Partial<Record<keyof VehicleFormValues | 'acceptMessagesFrom', unknown>>;
/** Any body: the rules below refuse one that is not an object (fieldTypeProblem). */
const vehicleBody = c.unknown as c.Contract<VehicleBody, VehicleFormValues>;

/** POST /api/vehicles: spec §5 Vehicle registration (registrationProblem). */
export const createVehicleRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.map(
    c.check(vehicleBody, (body) => registrationProblem(body)),
    (body) => toInput(normalise(body)),
  ),
);

/**
 * PATCH keeps the vehicle type and who may message it unless the body names them: the spec's PATCH lists no
 * vehicle type, Edit Vehicle sends it (docs/decisions/0140-edit-vehicle-type-and-one-lookup.md), and an
 * unknown one is refused like on registration.
 */
export type VehicleUpdate = Omit<VehicleInput, 'vehicleType'> & {
  vehicleType?: VehicleType;
  acceptMessagesFrom?: AcceptMessagesFrom;
};

function acceptMessagesFromProblem(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return c.requestTexts.notText({ field: 'acceptMessagesFrom' });
  return (ACCEPT_MESSAGES_FROM as readonly string[]).includes(value)
    ? undefined
    : vehicleTexts.unknownAcceptMessagesFrom;
}

/** PATCH /api/vehicles/{id}: spec §5 Vehicle edit (editProblem), and who may message the vehicle. */
export const updateVehicleRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.map(
    c.check(vehicleBody, (body) => editProblem(body) ?? acceptMessagesFromProblem(body.acceptMessagesFrom)),
    (body): VehicleUpdate => {
      const form = normalise(body);
      const { vehicleType, ...rest } = toInput(form);
      const accept = body.acceptMessagesFrom as AcceptMessagesFrom | null | undefined;
      return {
        ...rest,
        ...(form.vehicleType ? { vehicleType } : {}),
        ...(accept ? { acceptMessagesFrom: accept } : {}),
      };
    },
  ),
);

/** PUT /api/vehicles/{id}/theme. */
export const themeRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody(
    { themePreset: 'text' },
    c.object({ themePreset: c.withMessage(c.oneOf(THEME_PRESET_VALUES), vehicleTexts.unknownThemePreset) }),
  ),
);
export type ThemeRequest = c.Input<typeof themeRequestSchema>;
