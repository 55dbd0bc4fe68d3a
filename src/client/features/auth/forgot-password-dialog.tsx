import { type FormEvent, useState } from 'react';
import { emailRequestSchema } from '../../../shared/auth/auth.contract.js';
import { Button } from '../../components/ui/button.js';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog.js';
import { FormField } from '../../components/ui/form-field.js';
import { Input } from '../../components/ui/input.js';
import { serverMessage } from '../../lib/api-error.js';
import { useForgotPassword } from './mutations.js';
import { authScreenTexts } from './texts.js';

export function ForgotPasswordDialog({ initialEmail }: { initialEmail: string }) {
  const forgotPassword = useForgotPassword();
  const [isOpen, setIsOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const onOpenChange = (open: boolean) => {
    if (open) {
      setEmail(initialEmail.trim());
      setProblem(null);
      forgotPassword.reset();
    }
    setIsOpen(open);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // React bubbles events through the portal: keep this submit away from the sign-in form around the trigger.
    event.stopPropagation();
    // The route's own contract (spec §5 Forgot password), before the call.
    const request = emailRequestSchema.safeParse({ email });
    if (!request.success) {
      setProblem(request.error.message);
      return;
    }
    setProblem(null);
    forgotPassword.mutate(request.data, { onSuccess: () => setIsOpen(false) });
  };
  const shownProblem =
    problem ??
    (forgotPassword.isError
      ? (serverMessage(forgotPassword.error) ?? authScreenTexts.forgotPasswordFailedFallback)
      : null);

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="link" className="whitespace-nowrap">
          {authScreenTexts.forgotPasswordLink}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{authScreenTexts.forgotPasswordTitle}</DialogTitle>
        <DialogDescription>{authScreenTexts.forgotPasswordDescription}</DialogDescription>
        <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
          <FormField id="forgot-password-email" label={authScreenTexts.email}>
            <Input
              id="forgot-password-email"
              type="email"
              autoComplete="email"
              inputMode="email"
              aria-invalid={shownProblem ? true : undefined}
              aria-describedby={shownProblem ? 'forgot-password-problem' : undefined}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </FormField>
          {shownProblem ? (
            <p id="forgot-password-problem" role="alert" className="text-sm font-medium text-destructive">
              {shownProblem}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{authScreenTexts.cancel}</Button>
            </DialogClose>
            <Button type="submit" disabled={forgotPassword.isPending}>
              {forgotPassword.isPending ? authScreenTexts.sending : authScreenTexts.sendResetLink}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
