import { cn } from './ui/cn.js';

/** A round badge with one letter; 44 px, so a link around it is a full touch target. */
export function Avatar({ letter, className }: { letter: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary-solid font-semibold text-primary-foreground',
        className,
      )}
    >
      {letter}
    </span>
  );
}
