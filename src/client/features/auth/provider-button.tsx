import { KeyRound } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { PROVIDER_LOGIN_PATH } from '../../lib/relogin.js';
import { useAuthProviders } from './queries.js';
import { authScreenTexts } from './texts.js';

/** "Continue with {name}", shown only when the server has an external provider configured. */
export function ProviderButton({ className }: { className?: string }) {
  const { data: providers } = useAuthProviders();
  if (!providers?.oidc) return null;
  return (
    <Button asChild variant="outline" size="large" className={className}>
      <a href={PROVIDER_LOGIN_PATH}>
        <KeyRound aria-hidden className="h-5 w-5" />
        {authScreenTexts.continueWith({ provider: providers.oidc.name })}
      </a>
    </Button>
  );
}

/** A divider with "or", followed by the provider button, both hidden without a provider. */
export function ProviderAlternative() {
  const { data: providers } = useAuthProviders();
  if (!providers?.oidc) return null;
  return (
    <div className="mt-5 flex flex-col gap-4">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {authScreenTexts.or}
        <span className="h-px flex-1 bg-border" />
      </div>
      <ProviderButton className="w-full" />
    </div>
  );
}
