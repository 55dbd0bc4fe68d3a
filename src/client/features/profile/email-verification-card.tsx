import { MailCheck, MailWarning, Send } from 'lucide-react';
import type { User } from '../../../shared/auth/auth.contract.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.js';
import { useProfileResendVerification } from './mutations.js';
import { profileTexts } from './texts.js';

function resendLabel(isPending: boolean, isSent: boolean): string {
  if (isPending) return profileTexts.sending;
  return isSent ? profileTexts.sent : profileTexts.resend;
}

/** Spec §2 Profile: the email verification card, for email-provider accounts only. */
export function EmailVerificationCard({ user }: { user: User }) {
  const resend = useProfileResendVerification();
  if (user.authProvider !== 'email') return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{profileTexts.emailTitle}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {user.emailVerified ? (
          <p className="flex items-start gap-3 text-sm">
            <MailCheck aria-hidden className="h-5 w-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
            <span>{profileTexts.emailVerified}</span>
          </p>
        ) : (
          <>
            <p className="flex items-start gap-3 text-sm">
              <MailWarning aria-hidden className="h-5 w-5 shrink-0 text-amber-600 dark:text-amber-400" />
              <span>{profileTexts.emailNotVerified}</span>
            </p>
            <Button
              variant="secondary"
              disabled={resend.isPending || resend.isSuccess}
              onClick={() => resend.mutate({ email: user.email })}
            >
              <Send aria-hidden className="h-4 w-4" />
              {resendLabel(resend.isPending, resend.isSuccess)}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
