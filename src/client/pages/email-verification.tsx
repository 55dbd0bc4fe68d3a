import { ArrowLeft, MailCheck, RefreshCw, Send } from 'lucide-react';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent } from '../components/ui/card.js';
import { useResendVerification } from '../features/auth/mutations.js';
import { authScreenTexts } from '../features/auth/texts.js';
import { LOGOUT_NAVIGATION_PATH } from '../lib/relogin.js';

function resendLabel(isPending: boolean, isSent: boolean): string {
  if (isPending) return authScreenTexts.sending;
  return isSent ? authScreenTexts.emailSent : authScreenTexts.resendVerification;
}

/** Replaces every screen until the account's email address is verified (spec §2 Overrides). */
export function EmailVerificationPage({ email }: { email: string }) {
  const resend = useResendVerification();
  const headingRef = usePageTitle(authScreenTexts.verifyTitle);

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-6 px-5 py-10">
      <div className="flex flex-col items-center gap-3 text-center">
        <span className="flex h-16 w-16 items-center justify-center rounded-3xl bg-primary-soft text-primary-soft-foreground">
          <MailCheck aria-hidden className="h-8 w-8" />
        </span>
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight">
          {authScreenTexts.verifyTitle}
        </h1>
        <p className="text-sm text-muted-foreground">{authScreenTexts.verifyIntro}</p>
      </div>

      <Card>
        <CardContent className="flex flex-col gap-4 pt-5">
          <div className="text-sm">
            <p className="text-muted-foreground">{authScreenTexts.verifySentTo}</p>
            <p className="mt-1 font-semibold [overflow-wrap:anywhere]">
              {email || authScreenTexts.verifyYourAddress}
            </p>
          </div>
          <ol className="flex flex-col gap-3">
            {authScreenTexts.verifySteps.map((step, index) => (
              <li key={step} className="flex items-start gap-3 text-sm">
                <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-primary-solid text-xs font-bold text-primary-foreground">
                  {index + 1}
                </span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>

      <div className="flex flex-col gap-3">
        <Button
          size="large"
          variant="secondary"
          disabled={resend.isPending || resend.isSuccess || email === ''}
          onClick={() => resend.mutate({ email })}
        >
          <Send aria-hidden className="h-4 w-4" />
          {resendLabel(resend.isPending, resend.isSuccess)}
        </Button>
        <Button size="large" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden className="h-4 w-4" />
          {authScreenTexts.verifiedRefresh}
        </Button>
        {/* Spec §2 Overrides: "on going back the browser goes to /api/logout", which leads to the sign-in form. */}
        <Button size="large" variant="ghost" onClick={() => window.location.assign(LOGOUT_NAVIGATION_PATH)}>
          <ArrowLeft aria-hidden className="h-4 w-4" />
          {authScreenTexts.backToLogin}
        </Button>
      </div>
    </main>
  );
}
