import { type FormEvent, useState } from 'react';
import { credentialsSchema } from '../../../shared/auth/auth.contract.js';
import { Button } from '../../components/ui/button.js';
import { Checkbox } from '../../components/ui/checkbox.js';
import { FormField } from '../../components/ui/form-field.js';
import { Input } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { PasswordInput } from '../../components/ui/password-input.js';
import { toast } from '../../lib/toast.js';
import { ForgotPasswordDialog } from './forgot-password-dialog.js';
import { useLogin } from './mutations.js';
import { readRememberMe } from './remember-me.js';
import { authScreenTexts } from './texts.js';

export function LoginForm() {
  const login = useLogin();
  // The browser's remember-me data prefills the form (spec §3 Remember-me data).
  const [remembered] = useState(readRememberMe);
  const [email, setEmail] = useState(remembered?.email ?? '');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(remembered?.remember ?? false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Spec §5 Login and register: the login request's first rules, before the call.
    const credentials = credentialsSchema.safeParse({ email, password });
    if (!credentials.success) {
      toast({
        title: authScreenTexts.missingInformation,
        description: credentials.error.message,
        variant: 'destructive',
      });
      return;
    }
    login.mutate({ ...credentials.data, rememberMe });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormField id="login-email" label={authScreenTexts.email}>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </FormField>
      <FormField id="login-password" label={authScreenTexts.password}>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <div className="flex items-center gap-2">
          <Checkbox
            id="login-remember-me"
            checked={rememberMe}
            onCheckedChange={(checked) => setRememberMe(checked === true)}
          />
          <Label htmlFor="login-remember-me" className="whitespace-nowrap font-normal">
            {authScreenTexts.rememberMe}
          </Label>
        </div>
        <ForgotPasswordDialog initialEmail={email} />
      </div>
      <Button type="submit" size="large" disabled={login.isPending} className="mt-1">
        {login.isPending ? authScreenTexts.signingIn : authScreenTexts.signIn}
      </Button>
    </form>
  );
}
