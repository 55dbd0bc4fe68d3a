import { type LucideIcon, Palette, Pencil, QrCode, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Vehicle } from '../../../shared/vehicles/vehicles.responses.js';
import { Card } from '../../components/ui/card.js';
import { cn } from '../../components/ui/cn.js';
import { PlateLine } from './plate-line.js';
import { vehicleScreenTexts as texts } from './texts.js';
import { colorLabel, vehicleActionId, vehicleName, vehicleTypeLabel } from './vehicle-display.js';
import { VehicleTypeIcon } from './vehicle-type-icon.js';

const actionClass = cn(
  'flex min-h-14 flex-col items-center justify-center gap-1 rounded-xl text-xs font-medium transition',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
);

interface ActionProps {
  icon: LucideIcon;
  text: string;
  /** The accessible name: the text plus the plate, so each card's actions are told apart. */
  label: string;
}

function ActionContent({ icon: Icon, text }: Omit<ActionProps, 'label'>) {
  return (
    <>
      <Icon aria-hidden className="h-5 w-5" />
      {text}
    </>
  );
}

function LinkAction({ href, ...props }: ActionProps & { href: string }) {
  return (
    <Link href={href} aria-label={props.label} className={cn(actionClass, 'text-foreground hover:bg-muted')}>
      <ActionContent {...props} />
    </Link>
  );
}

/** The heading and details every vehicle card starts with. */
export function VehicleSummary({
  vehicle,
  titleId,
  badge,
}: {
  vehicle: Vehicle;
  titleId: string;
  badge?: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <VehicleTypeIcon vehicleType={vehicle.vehicleType} />
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <h3 id={titleId} className="truncate font-semibold">
            {vehicleName(vehicle)}
          </h3>
          {badge}
        </div>
        <p className="font-mono text-sm tracking-wide text-muted-foreground">
          <PlateLine licensePlate={vehicle.licensePlate} />
        </p>
        <p className="mt-0.5 flex items-center gap-1.5 text-xs text-muted-foreground">
          <span
            aria-hidden
            className="inline-block h-2.5 w-2.5 rounded-full border border-border"
            style={{ backgroundColor: vehicle.color === 'other' ? 'transparent' : vehicle.color }}
          />
          {colorLabel(vehicle.color)} · {vehicleTypeLabel(vehicle.vehicleType)}
        </p>
      </div>
    </div>
  );
}

/** An active vehicle on My Vehicles, with its QR, theme, edit and remove actions (spec §2). */
export function VehicleCard({
  vehicle,
  onRemove,
}: {
  vehicle: Vehicle;
  onRemove: (vehicle: Vehicle) => void;
}) {
  const plate = vehicle.licensePlate;
  const titleId = `vehicle-${vehicle.id}-title`;
  return (
    <Card className="p-4">
      <article aria-labelledby={titleId} className="flex flex-col gap-3">
        <VehicleSummary vehicle={vehicle} titleId={titleId} />
        <div className="grid grid-cols-4 gap-1 border-t border-border pt-2">
          <LinkAction
            href={`/qr-code/${vehicle.id}`}
            icon={QrCode}
            text={texts.qrCode}
            label={texts.showQrCodeFor({ plate })}
          />
          <LinkAction
            href={`/vehicle-theme/${vehicle.id}`}
            icon={Palette}
            text={texts.theme}
            label={texts.themeFor({ plate })}
          />
          <LinkAction
            href={`/vehicle-edit/${vehicle.id}`}
            icon={Pencil}
            text={texts.edit}
            label={texts.editPlate({ plate })}
          />
          <button
            type="button"
            id={vehicleActionId('remove', vehicle.id)}
            aria-label={texts.removePlate({ plate })}
            onClick={() => onRemove(vehicle)}
            className={cn(actionClass, 'text-destructive hover:bg-destructive/10')}
          >
            <ActionContent icon={Trash2} text={texts.remove} />
          </button>
        </div>
      </article>
    </Card>
  );
}
