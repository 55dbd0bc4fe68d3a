import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { vehicleDescription } from '../../../shared/vehicles/label.js';
import { vehicleQueries } from '../vehicles/queries.js';
import { vehicleName } from '../vehicles/vehicle-display.js';
import { sendMessageTexts as texts } from './texts.js';

/**
 * Who the owner will see (ADDENDUM §11): anonymously by default, or as one of the sender's own vehicles,
 * chosen visibly, with a line saying what the owner sees. The vehicle written to is never offered; when it
 * is the sender's own, Send Message is told (the server refuses that message too).
 */
export function SenderChoice({
  targetId,
  value,
  onChange,
  onOwnTarget,
}: {
  targetId: string;
  value: string;
  onChange: (id: string) => void;
  /** Called with true when the vehicle written to is the sender's own (Send Message then says so). */
  onOwnTarget: (isOwn: boolean) => void;
}) {
  const { data: mine } = useQuery(vehicleQueries.active());
  const isOwnTarget = (mine ?? []).some((own) => own.id === targetId);
  useEffect(() => onOwnTarget(isOwnTarget), [isOwnTarget, onOwnTarget]);
  const vehicles = (mine ?? []).filter((own) => own.id !== targetId);
  if (vehicles.length === 0) return null;
  const chosen = vehicles.find((vehicle) => vehicle.id === value);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{texts.whoOwnerSees}</legend>
      <label className="flex min-h-11 items-center gap-3 rounded-xl border border-input px-3 py-2 text-sm has-[:checked]:border-primary">
        <input
          type="radio"
          name="sender"
          value=""
          checked={!chosen}
          onChange={() => onChange('')}
          className="h-5 w-5 accent-primary"
        />
        {texts.sendAnonymously}
      </label>
      {vehicles.map((vehicle) => (
        <label
          key={vehicle.id}
          className="flex min-h-11 items-center gap-3 rounded-xl border border-input px-3 py-2 text-sm has-[:checked]:border-primary"
        >
          <input
            type="radio"
            name="sender"
            value={vehicle.id}
            checked={chosen?.id === vehicle.id}
            onChange={() => onChange(vehicle.id)}
            className="h-5 w-5 accent-primary"
          />
          {texts.sendAs({ name: vehicleName(vehicle), plate: vehicle.licensePlate })}
        </label>
      ))}
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {chosen
          ? texts.ownerSeesVehicle({
              description: vehicleDescription(chosen) || vehicleName(chosen),
              plate: chosen.licensePlate,
            })
          : texts.ownerSeesNothing}
      </p>
    </fieldset>
  );
}
