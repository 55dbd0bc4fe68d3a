import { useMutation } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { messageResultSchema, type User } from '../../../shared/auth/auth.contract.js';
import { ErrorCode } from '../../../shared/errors.js';
import { Button } from '../../components/ui/button.js';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../components/ui/dialog.js';
import { FormField } from '../../components/ui/form-field.js';
import { PasswordInput } from '../../components/ui/password-input.js';
import { apiRequest } from '../../lib/api.js';
import { ApiError, serverMessage } from '../../lib/api-error.js';
import { PROVIDER_LOGIN_PATH } from '../../lib/relogin.js';
import { useAuthProviders } from '../auth/queries.js';
import { EXPORT_PATH, markAccountDeleted } from './account-data.js';
import { profileTexts } from './texts.js';

/** Where the provider's fresh sign-in returns to, so that the owner can press Delete again (0152). */
const PROFILE_PATH = '/profile';

/** Profile's "Download my data" and "Delete account" (issue 33, docs/decisions/0149). */
export function AccountDataActions({ user }: { user: User }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <Button asChild size="large" variant="outline">
        <a href={EXPORT_PATH} download>
          <Download aria-hidden className="h-4 w-4" />
          {profileTexts.downloadData}
        </a>
      </Button>
      <Button size="large" variant="outline" className="text-destructive" onClick={() => setIsOpen(true)}>
        <Trash2 aria-hidden className="h-4 w-4" />
        {profileTexts.deleteAccount}
      </Button>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogContent>{isOpen ? <DeleteAccountForm user={user} /> : null}</DialogContent>
      </Dialog>
    </div>
  );
}

function DeleteAccountForm({ user }: { user: User }) {
  const [password, setPassword] = useState('');
  const { data: providers } = useAuthProviders();
  const provider = providers?.oidc?.name ?? 'your provider';
  // An account that signs in with the provider only confirms with a fresh sign-in there (0149).
  const usesPassword = user.authProvider === 'email';
  const remove = useMutation({
    mutationFn: () =>
      apiRequest('DELETE', '/api/auth/user', usesPassword ? { password } : {}, {
        response: messageResultSchema,
      }),
    onSuccess: (result) => {
      markAccountDeleted(result.message);
      window.location.assign('/');
    },
  });
  const needsSignIn = remove.error instanceof ApiError && remove.error.code === ErrorCode.freshSignInRequired;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate();
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <DialogTitle>{profileTexts.deleteTitle}</DialogTitle>
      <DialogDescription>{profileTexts.deleteDescription}</DialogDescription>
      {usesPassword ? (
        <FormField id="delete-account-password" label={profileTexts.deletePasswordLabel}>
          <PasswordInput
            id="delete-account-password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
        </FormField>
      ) : (
        <p className="text-sm text-muted-foreground">
          {profileTexts.deleteProviderDescription({ provider })}
        </p>
      )}
      {remove.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverMessage(remove.error) ?? profileTexts.deleteFailed}
        </p>
      ) : null}
      {needsSignIn ? (
        <Button asChild variant="outline" size="large">
          <a href={`${PROVIDER_LOGIN_PATH}?returnTo=${encodeURIComponent(PROFILE_PATH)}`}>
            {profileTexts.signInAgain({ provider })}
          </a>
        </Button>
      ) : null}
      <div className="mt-1 grid grid-cols-2 gap-3">
        <DialogClose asChild>
          <Button type="button" variant="outline" size="large">
            {profileTexts.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" size="large" disabled={remove.isPending}>
          {remove.isPending ? profileTexts.deleting : profileTexts.deleteConfirm}
        </Button>
      </div>
    </form>
  );
}
