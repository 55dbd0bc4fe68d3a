import { LockKeyhole, LogIn } from 'lucide-react';
import { Link } from 'wouter';
import { LOGIN_PAGE_PATH } from '../lib/relogin.js';
import { usePageTitle } from './page-title.js';
import { componentTexts } from './texts.js';
import { Button } from './ui/button.js';

/**
 * What a visitor who is not signed in sees on a screen that needs an account and says so instead of leaving
 * (spec §2 Vehicle Theme, Conversations): the title, one line saying what signing in gives, and Sign In to
 * /auth?mode=login. See docs/decisions/0062-client-sign-in-required.md.
 */
export function SignInRequired({ description }: { description: string }) {
  const headingRef = usePageTitle(componentTexts.signInRequired);
  return (
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-muted">
        <LockKeyhole aria-hidden className="h-8 w-8 text-muted-foreground" />
      </span>
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight">
        {componentTexts.signInRequired}
      </h1>
      <p className="text-sm text-muted-foreground">{description}</p>
      <Button asChild size="large" className="w-full max-w-xs">
        <Link href={LOGIN_PAGE_PATH}>
          <LogIn aria-hidden className="h-5 w-5" />
          {componentTexts.signIn}
        </Link>
      </Button>
    </div>
  );
}
