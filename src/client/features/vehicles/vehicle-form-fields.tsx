import type { Dispatch, SetStateAction } from 'react';
import { modelsOf, VEHICLE_COLORS, VEHICLE_MAKES } from '../../../shared/vehicles/catalog.js';
import { REGISTRATION_PLATE_MAX } from '../../../shared/vehicles/plates.js';
import { VEHICLE_TYPES } from '../../../shared/vehicles/vehicle-types.js';
import { DISPLAY_NAME_MAX, MODEL_MAX } from '../../../shared/vehicles/vehicles.responses.js';
import { Button } from '../../components/ui/button.js';
import { FormField } from '../../components/ui/form-field.js';
import { Input } from '../../components/ui/input.js';
import { NativeSelect, optionsOf } from './native-select.js';
import { vehicleScreenTexts } from './texts.js';
import { colorLabel } from './vehicle-display.js';
import {
  modelFieldMode,
  type VehicleFormState,
  withMake,
  withModelChoice,
  withModelList,
  withPlate,
} from './vehicle-form-state.js';

const makeOptions = optionsOf(VEHICLE_MAKES);
const colorOptions = optionsOf(VEHICLE_COLORS, colorLabel);
const typeOptions = VEHICLE_TYPES.map(({ value, label }) => ({ value, label }));

interface VehicleFormFieldsProps {
  /** Prefix of the controls' ids, one per form on a page. */
  idPrefix: string;
  state: VehicleFormState;
  setState: Dispatch<SetStateAction<VehicleFormState>>;
  years: readonly string[];
}

function ModelField({
  idPrefix,
  state,
  setState,
}: Pick<VehicleFormFieldsProps, 'idPrefix' | 'state' | 'setState'>) {
  const id = `${idPrefix}-model`;
  const mode = modelFieldMode(state.make, state.isModelTyped);
  if (mode === 'text') {
    const canPickFromList = modelsOf(state.make).length > 1;
    return (
      <div className="flex flex-col gap-1.5">
        <FormField id={id} label="Model">
          <Input
            id={id}
            value={state.model}
            maxLength={MODEL_MAX}
            placeholder="Enter model"
            autoComplete="off"
            onChange={(event) => setState((current) => ({ ...current, model: event.target.value }))}
          />
        </FormField>
        {canPickFromList ? (
          <Button
            variant="link"
            className="-mt-1.5 self-start"
            onClick={() => setState((current) => withModelList(current))}
          >
            Pick from the list instead
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <FormField id={id} label="Model">
      <NativeSelect
        id={id}
        disabled={mode === 'disabled'}
        placeholder={mode === 'disabled' ? 'Select make first' : 'Select model'}
        options={optionsOf(modelsOf(state.make))}
        value={state.model}
        onChange={(event) => setState((current) => withModelChoice(current, event.target.value))}
      />
    </FormField>
  );
}

/**
 * The fields of Add Vehicle and Edit Vehicle (spec §2), each with its label; both ask for the vehicle type,
 * which Edit Vehicle can change (docs/decisions/0140-edit-vehicle-type-and-one-lookup.md).
 */
export function VehicleFormFields({ idPrefix, state, setState, years }: VehicleFormFieldsProps) {
  const field =
    (name: 'year' | 'color' | 'displayName' | 'vehicleType') => (event: { target: { value: string } }) =>
      setState((current) => ({ ...current, [name]: event.target.value }));
  return (
    <>
      <FormField id={`${idPrefix}-make`} label="Make">
        <NativeSelect
          id={`${idPrefix}-make`}
          placeholder="Select make"
          options={makeOptions}
          value={state.make}
          onChange={(event) => setState((current) => withMake(current, event.target.value))}
        />
      </FormField>
      <ModelField idPrefix={idPrefix} state={state} setState={setState} />
      <div className="grid grid-cols-2 gap-3">
        <FormField id={`${idPrefix}-year`} label="Year">
          <NativeSelect
            id={`${idPrefix}-year`}
            placeholder="Select year"
            options={optionsOf(years)}
            value={state.year}
            onChange={field('year')}
          />
        </FormField>
        <FormField id={`${idPrefix}-type`} label="Vehicle Type">
          <NativeSelect
            id={`${idPrefix}-type`}
            options={typeOptions}
            value={state.vehicleType}
            onChange={field('vehicleType')}
          />
        </FormField>
      </div>
      <FormField id={`${idPrefix}-plate`} label="License Plate">
        <Input
          id={`${idPrefix}-plate`}
          value={state.licensePlate}
          maxLength={REGISTRATION_PLATE_MAX}
          placeholder="ABC-1234"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          className="font-mono uppercase tracking-wider placeholder:normal-case placeholder:tracking-normal"
          onChange={(event) => setState((current) => withPlate(current, event.target.value))}
        />
      </FormField>
      <FormField id={`${idPrefix}-color`} label="Color">
        <NativeSelect
          id={`${idPrefix}-color`}
          placeholder="Select color"
          options={colorOptions}
          value={state.color}
          onChange={field('color')}
        />
      </FormField>
      <FormField
        id={`${idPrefix}-display-name`}
        label="Display Name"
        hint={vehicleScreenTexts.displayNameHint}
      >
        <Input
          id={`${idPrefix}-display-name`}
          value={state.displayName}
          maxLength={DISPLAY_NAME_MAX}
          placeholder="e.g. Family SUV"
          autoComplete="off"
          aria-describedby={`${idPrefix}-display-name-hint`}
          onChange={field('displayName')}
        />
      </FormField>
    </>
  );
}
