import { Car, CarFront, type LucideIcon, Motorbike, Truck, Van } from 'lucide-react';
import { cn } from '../../components/ui/cn.js';

const icons: Record<string, LucideIcon> = {
  sedan: Car,
  suv: CarFront,
  pickup: Truck,
  truck: Truck,
  motorcycle: Motorbike,
  van: Van,
};

/** The icon of a vehicle type; "other" and anything unknown get the default car. */
export const vehicleTypeIcon = (vehicleType: string): LucideIcon => icons[vehicleType] ?? Car;

/** A vehicle's type as an icon in a soft tile. */
export function VehicleTypeIcon({ vehicleType, className }: { vehicleType: string; className?: string }) {
  const Icon = vehicleTypeIcon(vehicleType);
  return (
    <span
      className={cn(
        'flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground',
        className,
      )}
    >
      <Icon aria-hidden className="h-5 w-5" />
    </span>
  );
}
