import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn.js';

/**
 * A 20 px box in a 44 by 44 px touch target: the control is the whole target, the box is drawn inside it. The
 * negative margin keeps the box where a 20 px control would sit.
 */
export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        'group -m-3 flex h-11 w-11 shrink-0 items-center justify-center rounded-xl focus-visible:outline-none',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        className={cn(
          'flex h-5 w-5 items-center justify-center rounded-md border border-input bg-card',
          'group-focus-visible:ring-2 group-focus-visible:ring-ring',
          'group-data-[state=checked]:border-primary-solid group-data-[state=checked]:bg-primary-solid group-data-[state=checked]:text-primary-foreground',
        )}
      >
        <CheckboxPrimitive.Indicator>
          <Check aria-hidden className="h-3.5 w-3.5" strokeWidth={3} />
        </CheckboxPrimitive.Indicator>
      </span>
    </CheckboxPrimitive.Root>
  );
}
