import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { vehicleTexts } from '../../../shared/vehicles/texts.js';
import { pageHeadingRef } from '../../components/page-title.js';
import { Button } from '../../components/ui/button.js';
import { vehicleNotFoundTexts } from './not-found-texts.js';

interface VehicleNotFoundProps {
  title?: string;
  /** Whose screen it is: the owner's (one of their vehicles) or a finder's (any vehicle they looked for). */
  audience?: 'owner' | 'finder';
}

/**
 * Shown when a vehicle cannot be fetched (spec §8: "Vehicle fetch failure"): to its owner as one of their
 * vehicles, to a finder as a vehicle that is not registered or no longer active, with a way to look again.
 */
export function VehicleNotFound({
  title = vehicleTexts.vehicleNotFound,
  audience = 'owner',
}: VehicleNotFoundProps) {
  const isFinder = audience === 'finder';
  return (
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-muted">
        <SearchX aria-hidden className="h-8 w-8 text-muted-foreground" />
      </span>
      <h1 ref={pageHeadingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight">
        {title}
      </h1>
      <p className="text-sm text-muted-foreground">
        {isFinder ? vehicleNotFoundTexts.forFinder : vehicleNotFoundTexts.forOwner}
      </p>
      <Button asChild variant="outline">
        {isFinder ? (
          <Link href="/license-plate">{vehicleNotFoundTexts.lookUpAnother}</Link>
        ) : (
          <Link href="/vehicle-management">{vehicleNotFoundTexts.backToMyVehicles}</Link>
        )}
      </Button>
    </div>
  );
}
