import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from './cn.js';

/** Spec §9 Tooltips: shown after 700 ms; within 300 ms of another closing, at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

let lastClosedAt = Number.NEGATIVE_INFINITY;

/** The wait before a tooltip opens at `now`, given when the last one closed. */
export function tooltipDelay(now: number, closedAt: number): number {
  return now - closedAt <= TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
}

/**
 * The name of an icon-only button, shown on hover and keyboard focus (the button keeps its aria-label, so
 * screen readers hear it once). Escape hides it (WCAG 1.4.13). A few lines of our own rather than a
 * positioning library: the label sits below its button, inside the viewport's width on a phone.
 */
interface TooltipProps {
  label: string;
  children: ReactNode;
  side?: 'bottom' | 'top';
  /** Classes of the wrapper (e.g. shrink-0 in a flex row). */
  className?: string;
}

export function Tooltip({ label, children, side = 'bottom', className }: TooltipProps) {
  const [isOpen, setIsOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const id = useId();

  const open = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setIsOpen(true), tooltipDelay(Date.now(), lastClosedAt));
  };
  const close = () => {
    window.clearTimeout(timer.current);
    // Noted at once, not in a state updater: the next button's pointerenter comes before React renders.
    if (isOpen) lastClosedAt = Date.now();
    setIsOpen(false);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // Escape hides it wherever focus is (a hovered button need not be focused).
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  });

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only watches its button's hover and focus
    <span
      className={cn('relative inline-flex', className)}
      onPointerEnter={(event) => event.pointerType === 'mouse' && open()}
      onPointerLeave={close}
      onFocus={(event) => event.target.matches(':focus-visible') && open()}
      onBlur={close}
      onPointerDown={close}
    >
      {children}
      {isOpen ? (
        <span
          role="tooltip"
          id={id}
          className={cn(
            'pointer-events-none absolute left-1/2 z-50 -translate-x-1/2 whitespace-nowrap rounded-md bg-foreground px-2 py-1 text-xs font-medium text-background shadow',
            side === 'bottom' ? 'top-full mt-1' : 'bottom-full mb-1',
          )}
        >
          {label}
        </span>
      ) : null}
    </span>
  );
}
