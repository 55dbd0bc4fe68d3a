import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { vehicleDescription } from '../../../shared/vehicles/label.js';
import { vehicleQueries } from '../vehicles/queries.js';
import { vehicleName } from '../vehicles/vehicle-display.js';
import { sendMessageTexts as texts } from './texts.js';

/**
 * One choice: a real radio button, a 44 px target around the 20 px ring drawn for it (Chromium draws a native
 * radio at its box's size, padding ignored; as components/ui/checkbox.tsx).
 */
function SenderOption({
  value,
  checked,
  onChange,
  children,
}: {
  value: string;
  checked: boolean;
  onChange: (id: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3 rounded-xl border border-input px-3 py-2 text-sm has-[:checked]:border-primary">
      <span
        className={`relative flex h-5 w-5 shrink-0 items-center justify-center rounded-full border ${checked ? 'border-primary' : 'border-input'}`}
      >
        <input
          type="radio"
          name="sender"
          value={value}
          checked={checked}
          onChange={() => onChange(value)}
          className="absolute h-11 w-11 appearance-none rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        {checked ? <span aria-hidden className="h-2.5 w-2.5 rounded-full bg-primary" /> : null}
      </span>
      {children}
    </label>
  );
}

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
      <SenderOption value="" checked={!chosen} onChange={onChange}>
        {texts.sendAnonymously}
      </SenderOption>
      {vehicles.map((vehicle) => (
        <SenderOption
          key={vehicle.id}
          value={vehicle.id}
          checked={chosen?.id === vehicle.id}
          onChange={onChange}
        >
          {texts.sendAs({ name: vehicleName(vehicle), plate: vehicle.licensePlate })}
        </SenderOption>
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
