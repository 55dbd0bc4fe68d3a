import { editYears, isFreeTextModel, modelsOf, OTHER_MODEL } from '../../../shared/vehicles/catalog.js';
import { DEFAULT_VEHICLE_TYPE } from '../../../shared/vehicles/vehicle-types.js';
import type { VehicleFormValues } from '../../../shared/vehicles/vehicles.contract.js';
import type { Vehicle } from '../../../shared/vehicles/vehicles.responses.js';

/** The vehicle form as the screen holds it: the values, and whether the owner is typing the model. */
export interface VehicleFormState extends VehicleFormValues {
  /** True once the owner picked "Other / Not Listed" (or the saved model is not in the make's list). */
  isModelTyped: boolean;
}

export const emptyVehicleForm: VehicleFormState = {
  make: '',
  model: '',
  year: '',
  licensePlate: '',
  color: '',
  displayName: '',
  vehicleType: DEFAULT_VEHICLE_TYPE,
  isModelTyped: false,
};

/** The edit form starts from the saved vehicle; a model outside the make's list is shown as typed text. */
export function formFromVehicle(vehicle: Vehicle): VehicleFormState {
  return {
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    licensePlate: vehicle.licensePlate,
    color: vehicle.color,
    displayName: vehicle.displayName ?? '',
    vehicleType: vehicle.vehicleType,
    isModelTyped:
      isFreeTextModel(vehicle.make, vehicle.model) || !modelsOf(vehicle.make).includes(vehicle.model),
  };
}

/** Spec §4 Forms: changing the make clears the chosen model. */
export function withMake(state: VehicleFormState, make: string): VehicleFormState {
  if (make === state.make) return state;
  return { ...state, make, model: '', isModelTyped: false };
}

/** Choosing "Other / Not Listed" turns the model into a text field, starting empty. */
export function withModelChoice(state: VehicleFormState, choice: string): VehicleFormState {
  if (choice === OTHER_MODEL) return { ...state, model: '', isModelTyped: true };
  return { ...state, model: choice, isModelTyped: false };
}

/** Back from typing to the make's list. */
export function withModelList(state: VehicleFormState): VehicleFormState {
  return { ...state, model: '', isModelTyped: false };
}

/** Plates are uppercased as typed (spec §2 Add Vehicle, §5 Vehicle edit). */
export function withPlate(state: VehicleFormState, licensePlate: string): VehicleFormState {
  return { ...state, licensePlate: licensePlate.toUpperCase() };
}

export type ModelFieldMode = 'disabled' | 'select' | 'text';

/** How the model is entered: nothing before a make; typed for make Other or "Other / Not Listed"; else picked. */
export function modelFieldMode(make: string, isModelTyped: boolean): ModelFieldMode {
  if (make === '') return 'disabled';
  return isModelTyped || isFreeTextModel(make, '') ? 'text' : 'select';
}

/** What the rules and the API get: the form's values without the screen's own flag. */
export function formValues({ isModelTyped: _, ...values }: VehicleFormState): VehicleFormValues {
  return values;
}

/**
 * The edit form's years (spec §3: the current year and the previous 29), plus the vehicle's own year when
 * it is older, so opening the form and saving does not lose it.
 */
export function editYearOptions(vehicleYear: string, today = new Date()): string[] {
  const years = editYears(today);
  if (vehicleYear === '' || years.includes(vehicleYear)) return years;
  return [...years, vehicleYear].sort((a, b) => Number(b) - Number(a));
}
