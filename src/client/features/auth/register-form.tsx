import { type FormEvent, useState } from 'react';
import { credentialsSchema } from '../../../shared/auth/auth.contract.js';
import { Button } from '../../components/ui/button.js';
import { FormField } from '../../components/ui/form-field.js';
import { Input } from '../../components/ui/input.js';
import { PasswordInput } from '../../components/ui/password-input.js';
import { toast } from '../../lib/toast.js';
import { useRegister } from './mutations.js';
import { authScreenTexts } from './texts.js';

export function RegisterForm() {
  const register = useRegister();
  const [fields, setFields] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const update = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Spec §5 Login and register: email and password, before the call; the server's own rules are its to say.
    const credentials = credentialsSchema.safeParse(fields);
    if (!credentials.success) {
      toast({
        title: authScreenTexts.missingInformation,
        description: credentials.error.message,
        variant: 'destructive',
      });
      return;
    }
    register.mutate({
      ...credentials.data,
      firstName: fields.firstName.trim() || null,
      lastName: fields.lastName.trim() || null,
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3">
        <FormField id="register-first-name" label={authScreenTexts.firstName}>
          <Input
            id="register-first-name"
            autoComplete="given-name"
            value={fields.firstName}
            onChange={update('firstName')}
          />
        </FormField>
        <FormField id="register-last-name" label={authScreenTexts.lastName}>
          <Input
            id="register-last-name"
            autoComplete="family-name"
            value={fields.lastName}
            onChange={update('lastName')}
          />
        </FormField>
      </div>
      <FormField id="register-email" label={authScreenTexts.email}>
        <Input
          id="register-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={fields.email}
          onChange={update('email')}
        />
      </FormField>
      <FormField id="register-password" label={authScreenTexts.password} hint={authScreenTexts.passwordHint}>
        <PasswordInput
          id="register-password"
          autoComplete="new-password"
          aria-describedby="register-password-hint"
          value={fields.password}
          onChange={update('password')}
        />
      </FormField>
      <Button type="submit" size="large" disabled={register.isPending} className="mt-1">
        {register.isPending ? authScreenTexts.creatingAccount : authScreenTexts.createAccount}
      </Button>
    </form>
  );
}
