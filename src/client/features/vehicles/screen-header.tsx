import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { pageHeadingRef } from '../../components/page-title.js';
import { Button } from '../../components/ui/button.js';
import { Tooltip } from '../../components/ui/tooltip.js';
import { vehicleDisplayTexts } from './display-texts.js';

interface ScreenHeaderProps {
  title: string;
  backHref: string;
  /** What the back link says to screen readers. */
  backLabel?: string;
  /** A button or link at the right end (My Vehicles' add button). */
  action?: ReactNode;
}

/** A vehicle screen's top bar: back, the page's title, an optional action. */
export function ScreenHeader({
  title,
  backHref,
  backLabel = vehicleDisplayTexts.back,
  action,
}: ScreenHeaderProps) {
  return (
    <header className="flex items-center gap-2">
      <Tooltip label={backLabel} className="-ml-2 shrink-0">
        <Button asChild variant="ghost" size="icon" className="rounded-full">
          <Link href={backHref} aria-label={backLabel}>
            <ArrowLeft aria-hidden className="h-5 w-5" />
          </Link>
        </Button>
      </Tooltip>
      <h1
        ref={pageHeadingRef}
        tabIndex={-1}
        className="min-w-0 flex-1 truncate text-2xl font-bold tracking-tight"
      >
        {title}
      </h1>
      {action}
    </header>
  );
}
