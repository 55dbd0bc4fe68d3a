import { cn } from './ui/cn.js';

/** A round badge with one letter. */
export function Avatar({ letter, className }: { letter: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary-solid font-semibold text-primary-foreground',
        className,
      )}
    >
      {letter}
    </span>
  );
}
