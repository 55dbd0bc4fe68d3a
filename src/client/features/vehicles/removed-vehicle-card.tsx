import { RotateCcw } from 'lucide-react';
import type { Vehicle } from '../../../shared/vehicles/vehicles.responses.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { vehicleScreenTexts as texts } from './texts.js';
import { VehicleSummary } from './vehicle-card.js';
import { vehicleActionId } from './vehicle-display.js';

interface RemovedVehicleCardProps {
  vehicle: Vehicle;
  isReactivating: boolean;
  onReactivate: (vehicle: Vehicle) => void;
}

/** A removed vehicle under Recently Removed; reactivating brings back the same QR code (spec §4). */
export function RemovedVehicleCard({ vehicle, isReactivating, onReactivate }: RemovedVehicleCardProps) {
  const titleId = `vehicle-${vehicle.id}-title`;
  return (
    <Card className="border-dashed bg-card/60 p-4">
      <article aria-labelledby={titleId} className="flex flex-col gap-3">
        {/* Not dimmed with opacity: muted text at 75 % fell to 3.3:1. The dashed card and the badge say "removed". */}
        <VehicleSummary
          vehicle={vehicle}
          titleId={titleId}
          badge={
            <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
              {texts.removedBadge}
            </span>
          }
        />
        <Button
          id={vehicleActionId('reactivate', vehicle.id)}
          variant="outline"
          aria-label={texts.reactivatePlate({ plate: vehicle.licensePlate })}
          disabled={isReactivating}
          onClick={() => onReactivate(vehicle)}
        >
          <RotateCcw aria-hidden className="h-4 w-4" />
          {isReactivating ? texts.reactivating : texts.reactivate}
        </Button>
      </article>
    </Card>
  );
}
