import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'wouter';
import { DEFAULT_THEME_PRESET, type ThemePreset } from '../../shared/vehicles/themes.js';
import type { Vehicle } from '../../shared/vehicles/vehicles.responses.js';
import { usePageTitle } from '../components/page-title.js';
import { SignInRequired } from '../components/sign-in-required.js';
import { Button } from '../components/ui/button.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { useResetTheme, useSaveTheme } from '../features/vehicles/mutations.js';
import { useVehicle, useVehicleTheme } from '../features/vehicles/queries.js';
import { ScreenHeader } from '../features/vehicles/screen-header.js';
import { vehicleScreenTexts } from '../features/vehicles/texts.js';
import { ThemePresetPicker } from '../features/vehicles/theme-preset-picker.js';
import { ThemePreview } from '../features/vehicles/theme-preview.js';
import { plateLine, vehicleName } from '../features/vehicles/vehicle-display.js';
import { VehicleNotFound } from '../features/vehicles/vehicle-not-found.js';
import { errorToastTexts } from '../lib/error-texts.js';

/** What a visitor who is not signed in sees on /vehicle-theme/{id} (spec §2 Vehicle Theme). */
export function VehicleThemeSignInRequired() {
  return <SignInRequired description={vehicleScreenTexts.themeSignInRequired} />;
}

function ThemeEditor({ vehicle, savedPreset }: { vehicle: Vehicle; savedPreset: ThemePreset }) {
  const saveTheme = useSaveTheme(vehicle.id);
  const resetTheme = useResetTheme(vehicle.id);
  // null follows the saved preset; a choice stays until saved or reset.
  const [choice, setChoice] = useState<ThemePreset | null>(null);
  const selected = choice ?? savedPreset;
  const isBusy = saveTheme.isPending || resetTheme.isPending;

  return (
    <>
      <ThemePresetPicker value={selected} onChange={setChoice} />
      <ThemePreview preset={selected} vehicleLabel={vehicleName(vehicle)} />
      <div className="grid grid-cols-2 gap-3">
        <Button
          variant="outline"
          size="large"
          disabled={isBusy}
          onClick={() => resetTheme.mutate(DEFAULT_THEME_PRESET, { onSuccess: () => setChoice(null) })}
        >
          <RotateCcw aria-hidden className="h-4 w-4" />
          {resetTheme.isPending ? vehicleScreenTexts.resetting : vehicleScreenTexts.reset}
        </Button>
        <Button
          size="large"
          disabled={isBusy}
          onClick={() => saveTheme.mutate(selected, { onSuccess: () => setChoice(null) })}
        >
          {saveTheme.isPending ? vehicleScreenTexts.saving : vehicleScreenTexts.saveTheme}
        </Button>
      </div>
    </>
  );
}

export function VehicleThemePage() {
  const { vehicleId = '' } = useParams<{ vehicleId: string }>();
  const vehicleQuery = useVehicle(vehicleId);
  const themeQuery = useVehicleTheme(vehicleId);
  const isLoading = vehicleQuery.isPending || themeQuery.isPending;
  // Signed in only: visitors get VehicleThemeSignInRequired from the router.
  usePageTitle(
    isLoading || vehicleQuery.data ? vehicleScreenTexts.vehicleTheme : errorToastTexts.vehicleNotFoundTitle,
  );

  if (isLoading) return <PageSpinner />;
  const vehicle = vehicleQuery.data;
  if (!vehicle) return <VehicleNotFound title={errorToastTexts.vehicleNotFoundTitle} />;

  return (
    <div className="flex flex-col gap-5 px-5 pb-8 pt-4">
      <ScreenHeader title={vehicleScreenTexts.vehicleTheme} backHref="/vehicle-management" />
      <p className="-mt-2 text-sm text-muted-foreground">
        {vehicleScreenTexts.themeIntro}{' '}
        <span className="font-medium text-foreground">
          {vehicleName(vehicle)} ·{' '}
          <span className="whitespace-nowrap">{plateLine(vehicle.licensePlate)}</span>
        </span>
      </p>
      <ThemeEditor
        vehicle={vehicle}
        savedPreset={themeQuery.data?.themePreset ?? vehicle.themePreset ?? DEFAULT_THEME_PRESET}
      />
    </div>
  );
}
