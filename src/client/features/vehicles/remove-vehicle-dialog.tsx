import type { Vehicle } from '../../../shared/vehicles/vehicles.responses.js';
import { ConfirmButtons } from '../../components/ui/confirm-dialog.js';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog.js';
import { vehicleScreenTexts as texts } from './texts.js';
import { vehicleName } from './vehicle-display.js';

interface RemoveVehicleDialogProps {
  /** The vehicle to confirm; null keeps the dialog closed. */
  vehicle: Vehicle | null;
  isRemoving: boolean;
  onConfirm: (vehicle: Vehicle) => void;
  onClose: () => void;
  /** Where focus goes once the dialog has closed: the page decides, for the card may have moved lists. */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Asks before removing: removal stops messages and the QR code until the vehicle is reactivated. */
export function RemoveVehicleDialog({
  vehicle,
  isRemoving,
  onConfirm,
  onClose,
  onCloseAutoFocus,
}: RemoveVehicleDialogProps) {
  return (
    <Dialog open={vehicle !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>{texts.removeTitle}</DialogTitle>
        <DialogDescription>
          {vehicle
            ? texts.removeDescription({ vehicle: vehicleName(vehicle), plate: vehicle.licensePlate })
            : ''}
        </DialogDescription>
        <ConfirmButtons
          label={isRemoving ? texts.removing : texts.remove}
          disabled={isRemoving || vehicle === null}
          onConfirm={() => (vehicle ? onConfirm(vehicle) : undefined)}
        />
      </DialogContent>
    </Dialog>
  );
}
