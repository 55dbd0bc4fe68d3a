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
import { shellTexts } from './texts.js';

type FallbackAction = 'update' | 'reload' | 'reset' | 'goHome';

interface FallbackPage {
  title: string;
  description: string;
  icon: LucideIcon;
  /** The first is the main action. */
  actions: ReadonlyArray<{ label: string; icon: LucideIcon; does: FallbackAction }>;
}

/** Spec §8 "Error fallback page", in the language of the moment. */
function fallbackPage(kind: ErrorFallbackKind): FallbackPage {
  const refreshPage = { label: shellTexts.refreshPage, icon: RefreshCw, does: 'reload' } as const;
  const tryAgain = { label: shellTexts.tryAgain, icon: RotateCcw, does: 'reset' } as const;
  const goToHome = { label: shellTexts.goToHome, icon: House, does: 'goHome' } as const;
  switch (kind) {
    case 'appUpdate':
      return {
        title: shellTexts.appUpdateTitle,
        description: shellTexts.appUpdateDescription,
        icon: CloudDownload,
        actions: [{ label: shellTexts.updateApp, icon: CloudDownload, does: 'update' }],
      };
    case 'connection':
      return {
        title: shellTexts.connectionTitle,
        description: shellTexts.connectionDescription,
        icon: WifiOff,
        actions: [tryAgain, refreshPage, goToHome],
      };
    default:
      return {
        title: shellTexts.unexpectedTitle,
        description: shellTexts.unexpectedDescription,
        icon: TriangleAlert,
        actions: [refreshPage, tryAgain, goToHome],
      };
  }
}

/** The error fallback page, shown in place of the app when a screen fails to render. */
export function ErrorFallback({ error, onReset }: { error: unknown; onReset: () => void }) {
  const { title, description, icon: Icon, actions } = fallbackPage(errorFallbackKind(error));
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
        {actions.map(({ label, icon: ActionIcon, does }, index) => (
          <Button key={label} size="large" variant={index === 0 ? 'primary' : 'outline'} onClick={run[does]}>
            <ActionIcon aria-hidden className="h-4 w-4" />
            {label}
          </Button>
        ))}
      </div>
    </main>
  );
}
