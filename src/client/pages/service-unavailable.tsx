import { RefreshCw, ServerCrash } from 'lucide-react';
import { shellTexts } from '../app/texts.js';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';

/** Replaces every screen while the session (user) query is failing (spec §2 Overrides). */
export function ServiceUnavailablePage() {
  const headingRef = usePageTitle(shellTexts.unavailablePageTitle);
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-3xl bg-muted text-muted-foreground">
        <ServerCrash aria-hidden className="h-8 w-8" />
      </span>
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight">
        {shellTexts.unavailableTitle}
      </h1>
      <p className="text-sm text-muted-foreground">{shellTexts.unavailableDescription}</p>
      <Button size="large" className="mt-2 min-w-40" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden className="h-4 w-4" />
        {shellTexts.retry}
      </Button>
    </main>
  );
}
