import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { componentTexts } from '../texts.js';
import { cn } from './cn.js';
import { Tooltip } from './tooltip.js';

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      // The QR scanner moves it below its header (.toast-viewport in styles.css); it stays usable there.
      data-toast-viewport=""
      className={cn(
        // At the top, below the notch: never over a form's primary button or the bottom navigation
        // (docs/decisions/0063-client-toasts-at-the-top.md). Only the toast itself takes taps.
        'toast-viewport pointer-events-none fixed inset-x-0 top-0 z-[100] mx-auto flex w-full max-w-md flex-col gap-2 p-3 pt-[max(env(safe-area-inset-top),0.75rem)] outline-none [&>*]:pointer-events-auto',
        className,
      )}
      {...props}
    />
  );
}

interface ToastProps extends ComponentProps<typeof ToastPrimitive.Root> {
  variant?: 'default' | 'destructive';
}

export function Toast({ className, variant = 'default', ...props }: ToastProps) {
  return (
    <ToastPrimitive.Root
      className={cn(
        'toast relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-12 shadow-lg',
        variant === 'destructive'
          ? 'border-destructive-solid bg-destructive-solid text-destructive-foreground'
          : 'border-border bg-card text-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  // Full opacity: white at 90 % on the destructive fill would fall under 4.5:1.
  return <ToastPrimitive.Description className={cn('mt-0.5 text-sm', className)} {...props} />;
}

export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={cn(
        'min-h-11 min-w-11 shrink-0 self-center rounded-lg border border-current/30 px-3 py-1.5 text-xs font-semibold',
        'hover:bg-black/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <Tooltip label={componentTexts.close} className={cn('absolute right-1 top-1', className)}>
      <ToastPrimitive.Close
        // A 44 px touch target; opacity 80 % keeps the icon over 3:1 on the destructive fill.
        className="flex h-11 w-11 items-center justify-center rounded-lg opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2"
        {...props}
      >
        <X aria-hidden className="h-4 w-4" />
        <span className="sr-only">{componentTexts.close}</span>
      </ToastPrimitive.Close>
    </Tooltip>
  );
}
