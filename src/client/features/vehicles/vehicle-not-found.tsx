import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { vehicleTexts } from '../../../shared/vehicles/texts.js';
import { pageHeadingRef } from '../../components/page-title.js';
import { Button } from '../../components/ui/button.js';

/** Shown when one of the owner's vehicles cannot be fetched (spec §8: "Vehicle fetch failure"). */
export function VehicleNotFound({ title = vehicleTexts.vehicleNotFound }: { title?: string }) {
  return (
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-muted">
        <SearchX aria-hidden className="h-8 w-8 text-muted-foreground" />
      </span>
      <h1 ref={pageHeadingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight">
        {title}
      </h1>
      <p className="text-sm text-muted-foreground">
        This vehicle doesn't exist or isn't one of your vehicles.
      </p>
      <Button asChild variant="outline">
        <Link href="/vehicle-management">Back to My Vehicles</Link>
      </Button>
    </div>
  );
}
