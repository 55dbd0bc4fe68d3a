import { useEffect, useSyncExternalStore } from 'react';
import {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from '../components/ui/toast.js';
import {
  currentToasts,
  DEFAULT_TOAST_DURATION_MS,
  dismissToast,
  noteToasterMounted,
  subscribeToToasts,
} from '../lib/toast.js';

const SWIPE_THRESHOLD_PX = 50;

/** Renders the toast store with Radix Toast: default 5 s, swipe right 50 px to dismiss (spec §9). */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToToasts, currentToasts);
  useEffect(noteToasterMounted, []);
  return (
    <ToastProvider
      duration={DEFAULT_TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={SWIPE_THRESHOLD_PX}
    >
      {toasts.map((item) => (
        <Toast
          key={item.id}
          open={item.isOpen}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(item.id);
          }}
          duration={item.durationMs}
          variant={item.variant}
        >
          <div className="min-w-0 flex-1">
            <ToastTitle>{item.title}</ToastTitle>
            {item.description ? <ToastDescription>{item.description}</ToastDescription> : null}
          </div>
          {item.action ? (
            <ToastAction altText={item.action.label} onClick={item.action.onClick}>
              {item.action.label}
            </ToastAction>
          ) : null}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
