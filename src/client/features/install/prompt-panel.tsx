import type { LucideIcon } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '../../components/ui/cn.js';
import { useUser } from '../auth/queries.js';

interface PromptPanelProps {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
  /** The buttons; each calls `leave` before the panel goes. */
  actions: (leave: () => void) => ReactNode;
  /** Escape: the panel's "not now". */
  onEscape: () => void;
}

/**
 * A non-modal panel above the bottom navigation: a labelled region that appears on its own, so it takes no
 * focus; when it goes while holding focus, focus returns to where it came from (else the page's heading).
 */
export function PromptPanel({ title, icon: Icon, children, actions, onEscape }: PromptPanelProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const isSignedIn = Boolean(useUser().data);

  const leave = () => {
    const panel = panelRef.current;
    if (!panel?.contains(document.activeElement)) return;
    const target = returnFocusTo.current?.isConnected
      ? returnFocusTo.current
      : document.querySelector<HTMLElement>('main h1[tabindex="-1"]');
    target?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    leave();
    onEscape();
  };

  return (
    <section
      ref={panelRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onKeyDown={handleKeyDown}
      onFocus={(event) => {
        const from = event.relatedTarget;
        if (from instanceof HTMLElement && !event.currentTarget.contains(from)) returnFocusTo.current = from;
      }}
      className={cn(
        'fixed inset-x-0 z-30 mx-auto w-full max-w-md px-3',
        // Above the signed-in bottom navigation (h-16), clear of the home indicator.
        isSignedIn
          ? 'bottom-[calc(4rem+env(safe-area-inset-bottom)+0.75rem)]'
          : 'bottom-[calc(env(safe-area-inset-bottom)+0.75rem)]',
      )}
    >
      <div className="rounded-2xl border border-border bg-card p-4 text-foreground shadow-xl">
        <div className="flex items-start gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground">
            <Icon aria-hidden className="h-5 w-5" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-base font-semibold leading-tight">
              {title}
            </h2>
            <div id={descriptionId} className="mt-1 text-sm text-muted-foreground">
              {children}
            </div>
          </div>
        </div>
        <div className="mt-4 flex gap-2 [&>*]:flex-1">{actions(leave)}</div>
      </div>
    </section>
  );
}
