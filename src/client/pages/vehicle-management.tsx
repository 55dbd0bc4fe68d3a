import { Car, Plus } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Vehicle } from '../../shared/vehicles/vehicles.responses.js';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { Tooltip } from '../components/ui/tooltip.js';
import { useReactivateVehicle, useRemoveVehicle } from '../features/vehicles/mutations.js';
import { useInactiveVehicles, useVehicles } from '../features/vehicles/queries.js';
import { RemoveVehicleDialog } from '../features/vehicles/remove-vehicle-dialog.js';
import { RemovedVehicleCard } from '../features/vehicles/removed-vehicle-card.js';
import { ScreenHeader } from '../features/vehicles/screen-header.js';
import { vehicleScreenTexts } from '../features/vehicles/texts.js';
import { VehicleCard } from '../features/vehicles/vehicle-card.js';
import { vehicleActionId } from '../features/vehicles/vehicle-display.js';

/**
 * Removing or reactivating moves a card to the other list, and the pressed button goes with it: focus would
 * fall to <body>. The page asks for the moved card's opposite button instead (Reactivate after Remove, Remove
 * after Reactivate), or the pressed one again when the call failed or the dialog was cancelled. The request
 * waits until the button is on the page (the lists are refreshed after the change).
 */
function usePendingFocus(...deps: unknown[]) {
  const [targetId, setTargetId] = useState<string | null>(null);
  const focusTarget = useCallback(() => {
    const target = targetId ? document.getElementById(targetId) : null;
    if (!target || target.hasAttribute('disabled')) return;
    target.focus();
    // An open dialog keeps focus inside until it has closed; then its onCloseAutoFocus asks again.
    if (document.activeElement === target) setTargetId(null);
  }, [targetId]);
  useEffect(focusTarget, [focusTarget, ...deps]);
  return { requestFocus: setTargetId, focusTarget };
}

function NoVehicles() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-muted">
        <Car aria-hidden className="h-7 w-7 text-muted-foreground" />
      </span>
      <h2 className="font-semibold">{vehicleScreenTexts.noVehicles}</h2>
      <p className="text-sm text-muted-foreground">{vehicleScreenTexts.noVehiclesIntro}</p>
      <Button asChild className="mt-1">
        <Link href="/vehicle-setup">{vehicleScreenTexts.registerFirstVehicle}</Link>
      </Button>
    </Card>
  );
}

function VehicleList({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function VehicleManagementPage() {
  const activeQuery = useVehicles();
  const inactiveQuery = useInactiveVehicles();
  const removeVehicle = useRemoveVehicle();
  const reactivateVehicle = useReactivateVehicle();
  const [vehicleToRemove, setVehicleToRemove] = useState<Vehicle | null>(null);
  usePageTitle(vehicleScreenTexts.myVehiclesTitle);

  const active = activeQuery.data ?? [];
  const removed = inactiveQuery.data ?? [];
  const reactivatingId = reactivateVehicle.isPending ? reactivateVehicle.variables?.id : undefined;
  const { requestFocus, focusTarget } = usePendingFocus(active, removed, reactivatingId);

  const confirmRemoval = (vehicle: Vehicle) =>
    removeVehicle.mutate(vehicle, {
      onSuccess: () => requestFocus(vehicleActionId('reactivate', vehicle.id)),
      onError: () => requestFocus(vehicleActionId('remove', vehicle.id)),
      onSettled: () => setVehicleToRemove(null),
    });

  const reactivate = (vehicle: Vehicle) =>
    reactivateVehicle.mutate(vehicle, {
      onSuccess: () => requestFocus(vehicleActionId('remove', vehicle.id)),
      onError: () => requestFocus(vehicleActionId('reactivate', vehicle.id)),
    });

  const cancelRemoval = () => {
    if (vehicleToRemove) requestFocus(vehicleActionId('remove', vehicleToRemove.id));
    setVehicleToRemove(null);
  };

  return (
    <div className="flex flex-col gap-5 px-5 pb-8 pt-4">
      <ScreenHeader
        title={vehicleScreenTexts.myVehiclesTitle}
        backHref="/"
        action={
          <Tooltip label={vehicleScreenTexts.addVehicle} className="shrink-0">
            <Button asChild size="icon" className="rounded-full">
              <Link href="/vehicle-setup" aria-label={vehicleScreenTexts.addVehicle}>
                <Plus aria-hidden className="h-5 w-5" />
              </Link>
            </Button>
          </Tooltip>
        }
      />

      {activeQuery.isPending ? (
        <PageSpinner />
      ) : activeQuery.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {vehicleScreenTexts.vehiclesNotLoadedTryAgain}
        </p>
      ) : active.length === 0 ? (
        <NoVehicles />
      ) : (
        <VehicleList id="active-vehicles-title" title={vehicleScreenTexts.activeVehicles}>
          {active.map((vehicle) => (
            <VehicleCard key={vehicle.id} vehicle={vehicle} onRemove={setVehicleToRemove} />
          ))}
        </VehicleList>
      )}

      {removed.length > 0 ? (
        <VehicleList id="removed-vehicles-title" title={vehicleScreenTexts.recentlyRemoved}>
          {removed.map((vehicle) => (
            <RemovedVehicleCard
              key={vehicle.id}
              vehicle={vehicle}
              isReactivating={reactivatingId === vehicle.id}
              onReactivate={reactivate}
            />
          ))}
        </VehicleList>
      ) : null}

      <RemoveVehicleDialog
        vehicle={vehicleToRemove}
        isRemoving={removeVehicle.isPending}
        onConfirm={confirmRemoval}
        onClose={cancelRemoval}
        onCloseAutoFocus={(event) => {
          // Radix would return focus to what opened the dialog, which may have moved or gone.
          event.preventDefault();
          focusTarget();
        }}
      />
    </div>
  );
}
