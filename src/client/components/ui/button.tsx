import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from './cn.js';
import { Slot } from './slot.js';

const variants = {
  // Hover and press darken: a lighter fill would bring white text under 4.5:1.
  primary: 'bg-primary-solid text-primary-foreground shadow-sm hover:brightness-90 active:brightness-85',
  secondary: 'bg-primary-soft text-primary-soft-foreground hover:brightness-95',
  outline: 'border border-input bg-card text-foreground hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  /** For use on a primary-coloured surface. */
  inverse: 'bg-white text-blue-700 shadow-sm hover:bg-blue-50',
  destructive: 'bg-destructive-solid text-destructive-foreground hover:brightness-90',
  link: 'text-primary underline-offset-4 hover:underline',
} as const;

const sizes = {
  default: 'min-h-11 px-4 py-2 text-sm',
  large: 'min-h-12 px-4 py-2 text-base leading-tight',
  small: 'min-h-9 px-3 py-1.5 text-sm',
  /** Icon-only: a 44 by 44 px touch target (WCAG 2.5.5, docs/decisions/0064-client-touch-targets-and-landing.md). */
  icon: 'h-11 w-11',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Renders the only child (a link, say) with the button's look. */
  asChild?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'default',
  asChild,
  className,
  type,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex select-none items-center justify-center gap-2 rounded-xl text-center font-semibold transition',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        'disabled:pointer-events-none disabled:opacity-60',
        variants[variant],
        // A link-styled button takes the width of its text, and a 44 px tall touch target.
        variant === 'link' ? 'min-h-11 p-0 text-sm' : sizes[size],
        className,
      )}
      {...props}
    />
  );
}
