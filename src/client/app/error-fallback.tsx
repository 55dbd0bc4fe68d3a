import {
  CloudDownload,
  House,
  type LucideIcon,
  RefreshCw,
  RotateCcw,
  TriangleAlert,
  WifiOff,
} from 'lucide-react';
import { Button } from '../components/ui/button.js';
import { type ErrorFallbackKind, errorFallbackKind } from '../lib/error-fallback.js';
import { updateApp } from './service-worker-registration.js';

type FallbackAction = 'update' | 'reload' | 'reset' | 'goHome';

interface FallbackPage {
  title: string;
  description: string;
  icon: LucideIcon;
  /** The first is the main action. */
  actions: ReadonlyArray<{ label: string; icon: LucideIcon; action: FallbackAction }>;
}

const refreshPage = { label: 'Refresh Page', icon: RefreshCw, action: 'reload' } as const;
const tryAgain = { label: 'Try Again', icon: RotateCcw, action: 'reset' } as const;
const goToHome = { label: 'Go to Home', icon: House, action: 'goHome' } as const;

/** Spec §8 "Error fallback page": titles and buttons are the spec's; Connection Problem's buttons are ours. */
const fallbackPages: Record<ErrorFallbackKind, FallbackPage> = {
  appUpdate: {
    title: 'App Update Available',
    description:
      'A new version of the app has been released, so loading part of it (a chunk) failed. Update the app to continue.',
    icon: CloudDownload,
    actions: [{ label: 'Update App', icon: CloudDownload, action: 'update' }],
  },
  connection: {
    title: 'Connection Problem',
    description: 'We could not reach the server. Please check your internet connection and try again.',
    icon: WifiOff,
    actions: [tryAgain, refreshPage, goToHome],
  },
  unexpected: {
    title: 'Something Went Wrong',
    description: 'An unexpected error occurred. Please refresh the page or try again.',
    icon: TriangleAlert,
    actions: [refreshPage, tryAgain, goToHome],
  },
};

/** The error fallback page, shown in place of the app when a screen fails to render. */
export function ErrorFallback({ error, onReset }: { error: unknown; onReset: () => void }) {
  const { title, description, icon: Icon, actions } = fallbackPages[errorFallbackKind(error)];
  const run: Record<FallbackAction, () => void> = {
    // The waiting version of the app, if the service worker has one; else a reload.
    update: updateApp,
    reload: () => window.location.reload(),
    reset: onReset,
    // A full load: whatever broke the screen does not come along.
    goHome: () => window.location.assign('/'),
  };
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-3xl bg-muted text-muted-foreground">
        <Icon aria-hidden className="h-8 w-8" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-sm text-muted-foreground">{description}</p>
      <div className="mt-2 flex w-full flex-col gap-3">
        {actions.map(({ label, icon: ActionIcon, action }, index) => (
          <Button
            key={label}
            size="large"
            variant={index === 0 ? 'primary' : 'outline'}
            onClick={run[action]}
          >
            <ActionIcon aria-hidden className="h-4 w-4" />
            {label}
          </Button>
        ))}
      </div>
    </main>
  );
}
