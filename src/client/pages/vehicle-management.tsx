import { Car, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import type { Vehicle } from '../../shared/vehicles/index.js';
import { Button } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { useReactivateVehicle, useRemoveVehicle } from '../features/vehicles/mutations.js';
import { useInactiveVehicles, useVehicles } from '../features/vehicles/queries.js';
import { RemoveVehicleDialog } from '../features/vehicles/remove-vehicle-dialog.js';
import { RemovedVehicleCard } from '../features/vehicles/removed-vehicle-card.js';
import { ScreenHeader } from '../features/vehicles/screen-header.js';
import { vehicleScreenTexts } from '../features/vehicles/texts.js';
import { VehicleCard } from '../features/vehicles/vehicle-card.js';

function NoVehicles() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-muted">
        <Car aria-hidden className="h-7 w-7 text-muted-foreground" />
      </span>
      <h2 className="font-semibold">{vehicleScreenTexts.noVehicles}</h2>
      <p className="text-sm text-muted-foreground">
        Register a vehicle to get its QR code and receive anonymous messages.
      </p>
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

  const active = activeQuery.data ?? [];
  const removed = inactiveQuery.data ?? [];
  const reactivatingId = reactivateVehicle.isPending ? reactivateVehicle.variables?.id : undefined;

  const confirmRemoval = (vehicle: Vehicle) =>
    removeVehicle.mutate(vehicle, { onSettled: () => setVehicleToRemove(null) });

  return (
    <div className="flex flex-col gap-5 px-5 pb-8 pt-4">
      <ScreenHeader
        title="My Vehicles"
        backHref="/"
        action={
          <Button asChild size="icon" className="shrink-0 rounded-full">
            <Link href="/vehicle-setup" aria-label="Add Vehicle">
              <Plus aria-hidden className="h-5 w-5" />
            </Link>
          </Button>
        }
      />

      {activeQuery.isPending ? (
        <PageSpinner />
      ) : activeQuery.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Your vehicles could not be loaded. Please try again.
        </p>
      ) : active.length === 0 ? (
        <NoVehicles />
      ) : (
        <VehicleList id="active-vehicles-title" title="Active Vehicles">
          {active.map((vehicle) => (
            <VehicleCard key={vehicle.id} vehicle={vehicle} onRemove={setVehicleToRemove} />
          ))}
        </VehicleList>
      )}

      {removed.length > 0 ? (
        <VehicleList id="removed-vehicles-title" title="Recently Removed">
          {removed.map((vehicle) => (
            <RemovedVehicleCard
              key={vehicle.id}
              vehicle={vehicle}
              isReactivating={reactivatingId === vehicle.id}
              onReactivate={(target) => reactivateVehicle.mutate(target)}
            />
          ))}
        </VehicleList>
      ) : null}

      <RemoveVehicleDialog
        vehicle={vehicleToRemove}
        isRemoving={removeVehicle.isPending}
        onConfirm={confirmRemoval}
        onClose={() => setVehicleToRemove(null)}
      />
    </div>
  );
}
