import { Car } from 'lucide-react';
import { APP_NAME } from './page-title.js';

/** The product's mark and name. */
export function Brand() {
  return (
    <span className="inline-flex items-center gap-2 font-semibold">
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-primary-solid text-primary-foreground">
        <Car aria-hidden className="h-5 w-5" />
      </span>
      {APP_NAME}
    </span>
  );
}
