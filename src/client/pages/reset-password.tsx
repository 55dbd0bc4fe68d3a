import { CircleCheck, LockKeyhole } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { authTexts } from '../../shared/auth/auth.contract.js';
import { Brand } from '../components/brand.js';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.js';
import { FormField } from '../components/ui/form-field.js';
import { PasswordInput } from '../components/ui/password-input.js';
import { useResetPassword } from '../features/auth/mutations.js';
import { resetPasswordProblem } from '../features/auth/reset-password-rules.js';
import { authScreenTexts } from '../features/auth/texts.js';
import { LOGIN_PAGE_PATH } from '../lib/relogin.js';
import { toast } from '../lib/toast.js';

/** The heading of the outcome takes focus: the form with the pressed button is gone. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

function ResetComplete() {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <CircleCheck aria-hidden className="h-12 w-12 text-emerald-500" />
        <CardTitle as="h1" ref={focusOnMount} className="text-xl">
          {authScreenTexts.resetComplete}
        </CardTitle>
        <CardDescription>{authTexts.passwordReset}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild size="large" className="w-full">
          <Link href={LOGIN_PAGE_PATH}>{authScreenTexts.continueToLogin}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const [, navigate] = useLocation();
  const token = searchParams.get('token') ?? '';
  const resetPassword = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  usePageTitle(resetPassword.isSuccess ? authScreenTexts.resetComplete : authScreenTexts.resetTitle);

  useEffect(() => {
    if (token !== '') return;
    toast({
      title: authScreenTexts.invalidResetLinkTitle,
      description: authTexts.invalidResetLink,
      variant: 'destructive',
    });
    navigate(LOGIN_PAGE_PATH, { replace: true });
  }, [token, navigate]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = resetPasswordProblem(password, confirmation);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    resetPassword.mutate({ resetToken: token, newPassword: password });
  };

  if (token === '') return null;

  return (
    <div className="flex flex-col gap-6 px-5 pb-10 pt-6">
      <header className="flex justify-center">
        <Brand />
      </header>
      {resetPassword.isSuccess ? (
        <ResetComplete />
      ) : (
        <Card>
          <CardHeader className="items-center text-center">
            <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
              <LockKeyhole aria-hidden className="h-6 w-6" />
            </span>
            <CardTitle as="h1" className="text-xl">
              {authScreenTexts.resetHeading}
            </CardTitle>
            <CardDescription>{authScreenTexts.resetIntro}</CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
              <FormField
                id="reset-new-password"
                label={authScreenTexts.newPassword}
                hint={authScreenTexts.passwordHint}
              >
                <PasswordInput
                  id="reset-new-password"
                  autoComplete="new-password"
                  aria-describedby="reset-new-password-hint"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              </FormField>
              <FormField id="reset-confirm-password" label={authScreenTexts.confirmPassword}>
                <PasswordInput
                  id="reset-confirm-password"
                  autoComplete="new-password"
                  value={confirmation}
                  onChange={(event) => setConfirmation(event.target.value)}
                />
              </FormField>
              <Button type="submit" size="large" disabled={resetPassword.isPending} className="mt-1">
                {resetPassword.isPending ? authScreenTexts.resetting : authScreenTexts.resetTitle}
              </Button>
            </form>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
