import { LoaderCircle } from 'lucide-react';
import { cn } from './cn.js';

interface SpinnerProps {
  className?: string;
  /** What is loading, for screen readers. */
  label?: string;
}

export function Spinner({ className, label = 'Loading' }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden className={cn('h-6 w-6 animate-spin text-primary', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centred in the space of a page. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[60dvh] items-center justify-center">
      <Spinner className="h-8 w-8" />
    </div>
  );
}
