import { ChevronRight, QrCode } from 'lucide-react';
import { Link } from 'wouter';
import type { Vehicle } from '../../../shared/vehicles/vehicles.responses.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { Spinner } from '../../components/ui/spinner.js';
import { Tooltip } from '../../components/ui/tooltip.js';
import { PlateLine } from './plate-line.js';
import { useVehicles } from './queries.js';
import { vehicleScreenTexts } from './texts.js';
import { moreVehiclesText, vehicleName } from './vehicle-display.js';
import { VehicleTypeIcon } from './vehicle-type-icon.js';

/** Spec §9: Home shows 2 vehicles. */
export const HOME_VEHICLE_COUNT = 2;

function VehicleRow({ vehicle }: { vehicle: Vehicle }) {
  return (
    <li className="flex items-center gap-3 p-3">
      <VehicleTypeIcon vehicleType={vehicle.vehicleType} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{vehicleName(vehicle)}</p>
        <p className="font-mono text-sm tracking-wide text-muted-foreground">
          <PlateLine licensePlate={vehicle.licensePlate} />
        </p>
      </div>
      <Tooltip label={vehicleScreenTexts.showQrCode} className="shrink-0">
        <Button asChild variant="secondary" size="icon">
          <Link
            href={`/qr-code/${vehicle.id}`}
            aria-label={vehicleScreenTexts.showQrCodeFor({ plate: vehicle.licensePlate })}
          >
            <QrCode aria-hidden className="h-5 w-5" />
          </Link>
        </Button>
      </Tooltip>
    </li>
  );
}

function NoVehiclesYet() {
  return (
    <Card className="flex flex-col items-center gap-3 px-5 py-6 text-center">
      <p className="text-sm text-muted-foreground">{vehicleScreenTexts.noVehicles}</p>
      <Button asChild>
        <Link href="/vehicle-setup">{vehicleScreenTexts.registerFirstVehicle}</Link>
      </Button>
    </Card>
  );
}

/** Home's My Vehicles block (spec §2 Home): the first 2 vehicles, then a card for the rest. */
export function MyVehiclesSection() {
  const { data, isPending, isError } = useVehicles();
  const vehicles = data ?? [];
  const hiddenCount = vehicles.length - HOME_VEHICLE_COUNT;

  return (
    <section aria-labelledby="my-vehicles-title" className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h2 id="my-vehicles-title" className="text-lg font-semibold">
          {vehicleScreenTexts.myVehicles}
        </h2>
        <Link
          href="/vehicle-management"
          className="-mr-2 inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {vehicleScreenTexts.manageAll}
        </Link>
      </div>
      {isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={vehicleScreenTexts.loadingVehicles} />
        </div>
      ) : isError ? (
        <p className="text-sm text-muted-foreground">{vehicleScreenTexts.vehiclesNotLoaded}</p>
      ) : vehicles.length === 0 ? (
        <NoVehiclesYet />
      ) : (
        <>
          <Card>
            <ul className="divide-y divide-border">
              {vehicles.slice(0, HOME_VEHICLE_COUNT).map((vehicle) => (
                <VehicleRow key={vehicle.id} vehicle={vehicle} />
              ))}
            </ul>
          </Card>
          {hiddenCount > 0 ? (
            <Link
              href="/vehicle-management"
              className="flex items-center justify-between rounded-2xl border border-dashed border-input bg-card px-4 py-3 text-sm font-medium text-muted-foreground transition hover:border-primary hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {moreVehiclesText(hiddenCount)}
              <ChevronRight aria-hidden className="h-4 w-4" />
            </Link>
          ) : null}
        </>
      )}
    </section>
  );
}
