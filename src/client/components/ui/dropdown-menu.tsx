import * as DropdownMenuPrimitive from '@radix-ui/react-dropdown-menu';
import type { ComponentProps } from 'react';
import { elementsOutside } from '../use-inert-outside.js';
import { cn } from './cn.js';

export const DropdownMenu = DropdownMenuPrimitive.Root;
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;

/**
 * While a (modal) menu is open, Radix hides the rest of the page from screen readers (aria-hidden) and keeps
 * focus in the menu; the page is made inert as well, so what is hidden cannot be focused either (axe's
 * aria-hidden-focus, docs/decisions/0143). Restored as the menu goes, before Radix returns focus to its button.
 */
function inertOutside(content: HTMLElement | null) {
  if (!content) return;
  const madeInert = elementsOutside(content).filter(
    (other): other is HTMLElement =>
      other instanceof HTMLElement && !other.inert && other.tagName !== 'SCRIPT',
  );
  for (const other of madeInert) other.inert = true;
  return () => {
    for (const other of madeInert) other.inert = false;
  };
}

/** The open menu: kept 8 px inside the screen, so it never clips on a phone. */
export function DropdownMenuContent({
  className,
  sideOffset = 4,
  collisionPadding = 8,
  ...props
}: Omit<ComponentProps<typeof DropdownMenuPrimitive.Content>, 'ref'>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        ref={inertOutside}
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn(
          'z-50 min-w-48 rounded-xl border border-border bg-card p-1 text-foreground shadow-lg focus:outline-none',
          className,
        )}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

interface DropdownMenuItemProps extends ComponentProps<typeof DropdownMenuPrimitive.Item> {
  /** Red text, for what cannot be undone or shuts someone out. */
  isDestructive?: boolean;
}

/** A menu entry: a 44 px tall touch target (docs/decisions/0064-client-touch-targets-and-landing.md). */
export function DropdownMenuItem({ className, isDestructive, ...props }: DropdownMenuItemProps) {
  return (
    <DropdownMenuPrimitive.Item
      className={cn(
        'flex min-h-11 cursor-default select-none items-center gap-3 rounded-lg px-3 text-sm font-medium outline-none',
        'data-[highlighted]:bg-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-60',
        isDestructive ? 'text-destructive' : 'text-foreground',
        className,
      )}
      {...props}
    />
  );
}
