import type { HTMLAttributes, Ref } from 'react';
import { pageHeadingRef } from '../page-title.js';
import { cn } from './cn.js';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('rounded-2xl border border-border bg-card text-foreground shadow-sm', className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1.5 p-5 pb-3', className)} {...props} />;
}

interface CardTitleProps extends HTMLAttributes<HTMLHeadingElement> {
  /** The heading level; a card that is the page's main content says h1. */
  as?: 'h1' | 'h2' | 'h3';
  ref?: Ref<HTMLHeadingElement>;
}

/** As the page's h1 it takes focus after a route change (components/page-title.ts). */
export function CardTitle({ as: Heading = 'h2', className, ref, ...props }: CardTitleProps) {
  const isPageHeading = Heading === 'h1';
  return (
    <Heading
      ref={ref ?? (isPageHeading ? pageHeadingRef : undefined)}
      tabIndex={isPageHeading ? -1 : undefined}
      className={cn('text-lg font-semibold leading-tight', className)}
      {...props}
    />
  );
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('p-5 pt-0', className)} {...props} />;
}
