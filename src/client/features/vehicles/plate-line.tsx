import { plateLine } from './vehicle-display.js';

/**
 * "License: ABC-1234" in the reader's language, the plate kept on one line: a narrow screen may break the
 * line after "Kennzeichen:", never inside the plate at its hyphen.
 */
export function PlateLine({ licensePlate }: { licensePlate: string }) {
  const line = plateLine(licensePlate);
  const at = line.indexOf(licensePlate);
  if (at < 0) return <>{line}</>;
  return (
    <>
      {line.slice(0, at)}
      <span className="whitespace-nowrap">{licensePlate}</span>
      {line.slice(at + licensePlate.length)}
    </>
  );
}
