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
import { colorLabel, vehicleTypeLabel } from './vehicle-display.js';
import {
  modelFieldMode,
  type VehicleFormState,
  withMake,
  withModelChoice,
  withModelList,
  withPlate,
} from './vehicle-form-state.js';

const makeOptions = optionsOf(VEHICLE_MAKES);

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
        <FormField id={id} label={vehicleScreenTexts.model}>
          <Input
            id={id}
            value={state.model}
            maxLength={MODEL_MAX}
            placeholder={vehicleScreenTexts.enterModel}
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
            {vehicleScreenTexts.pickFromList}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <FormField id={id} label={vehicleScreenTexts.model}>
      <NativeSelect
        id={id}
        disabled={mode === 'disabled'}
        placeholder={
          mode === 'disabled' ? vehicleScreenTexts.selectMakeFirst : vehicleScreenTexts.selectModel
        }
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
  // Labels in the app's language, read at each render.
  const colorOptions = optionsOf(VEHICLE_COLORS, colorLabel);
  const typeOptions = VEHICLE_TYPES.map(({ value }) => ({ value, label: vehicleTypeLabel(value) }));
  return (
    <>
      <FormField id={`${idPrefix}-make`} label={vehicleScreenTexts.make}>
        <NativeSelect
          id={`${idPrefix}-make`}
          placeholder={vehicleScreenTexts.selectMake}
          options={makeOptions}
          value={state.make}
          onChange={(event) => setState((current) => withMake(current, event.target.value))}
        />
      </FormField>
      <ModelField idPrefix={idPrefix} state={state} setState={setState} />
      {/* One above the other: a type's name ("Lkw / Sattelzug") needs the form's width, at 320 px and at 390 px. */}
      <FormField id={`${idPrefix}-year`} label={vehicleScreenTexts.year}>
        <NativeSelect
          id={`${idPrefix}-year`}
          placeholder={vehicleScreenTexts.selectYear}
          options={optionsOf(years)}
          value={state.year}
          onChange={field('year')}
        />
      </FormField>
      <FormField id={`${idPrefix}-type`} label={vehicleScreenTexts.vehicleType}>
        <NativeSelect
          id={`${idPrefix}-type`}
          options={typeOptions}
          value={state.vehicleType}
          onChange={field('vehicleType')}
        />
      </FormField>
      <FormField id={`${idPrefix}-plate`} label={vehicleScreenTexts.licensePlate}>
        <Input
          id={`${idPrefix}-plate`}
          value={state.licensePlate}
          maxLength={REGISTRATION_PLATE_MAX}
          placeholder={vehicleScreenTexts.platePlaceholder}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          className="font-mono uppercase tracking-wider placeholder:normal-case placeholder:tracking-normal"
          onChange={(event) => setState((current) => withPlate(current, event.target.value))}
        />
      </FormField>
      <FormField id={`${idPrefix}-color`} label={vehicleScreenTexts.color}>
        <NativeSelect
          id={`${idPrefix}-color`}
          placeholder={vehicleScreenTexts.selectColor}
          options={colorOptions}
          value={state.color}
          onChange={field('color')}
        />
      </FormField>
      <FormField
        id={`${idPrefix}-display-name`}
        label={vehicleScreenTexts.displayName}
        hint={vehicleScreenTexts.displayNameHint}
      >
        <Input
          id={`${idPrefix}-display-name`}
          value={state.displayName}
          maxLength={DISPLAY_NAME_MAX}
          placeholder={vehicleScreenTexts.displayNamePlaceholder}
          autoComplete="off"
          aria-describedby={`${idPrefix}-display-name-hint`}
          onChange={field('displayName')}
        />
      </FormField>
    </>
  );
}
