import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../components/page-title.js';
import { ThemeToggle } from '../components/theme-toggle.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { useLogout } from '../features/auth/mutations.js';
import { useAuthProviders, useUser } from '../features/auth/queries.js';
import { fullName } from '../features/auth/user-display.js';
import { ConsentBlock } from '../features/consent/consent-block.js';
import { consentTexts } from '../features/consent/texts.js';
import { InstallAppCard, MobileInstallBanner } from '../features/install/install-cards.js';
import { PushNotificationsCard } from '../features/push/push-notifications-card.js';
import { AutomationSwitches } from '../features/settings/automation-switches.js';
import { LanguageChoice } from '../features/settings/language-choice.js';
import { QuickMessagesEditor } from '../features/settings/quick-messages-editor.js';
import { ReadReceiptsSwitch } from '../features/settings/read-receipts-switch.js';
import { settingsTexts as texts } from '../features/settings/texts.js';
import { ScreenHeader } from '../features/vehicles/screen-header.js';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function ProfileCard() {
  const { data: user } = useUser();
  const { data: providers } = useAuthProviders();
  if (!user) return null;
  const name = fullName(user);
  // Spec §2: the external provider's label when the account came from it, else "Email & Password".
  const authentication =
    user.authProvider === 'oidc' && providers?.oidc ? providers.oidc.name : texts.emailAndPassword;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{texts.profileTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-3">
          <Field label={texts.email}>{user.email}</Field>
          {name ? <Field label={texts.name}>{name}</Field> : null}
          <Field label={texts.authentication}>{authentication}</Field>
        </dl>
      </CardContent>
    </Card>
  );
}

function AccountActionsCard() {
  const logout = useLogout();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{texts.accountActionsTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <Button
          size="large"
          variant="destructive"
          className="w-full"
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          <LogOut aria-hidden className="h-4 w-4" />
          {logout.isPending ? texts.loggingOut : texts.logOut}
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Settings (spec §2): the cards in the spec's order.
 */
export function SettingsPage() {
  const { data: user } = useUser();
  usePageTitle(texts.title);
  if (!user) return <PageSpinner />;
  return (
    <div className="flex flex-col gap-5 px-5 pt-6 pb-8">
      {/* A way back to Profile, where Settings is opened from (issue 31, point 10). */}
      <ScreenHeader title={texts.title} backHref="/profile" backLabel={texts.backToProfile} />
      <ProfileCard />
      <PushNotificationsCard />
      <MobileInstallBanner />
      <InstallAppCard />
      <Card>
        <CardHeader>
          <CardTitle>{texts.privacyTitle}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <ConsentBlock />
          <AutomationSwitches />
          <ReadReceiptsSwitch />
          <QuickMessagesEditor />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{texts.appearanceTitle}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <ThemeToggle />
          <LanguageChoice isSignedIn />
        </CardContent>
      </Card>
      <AccountActionsCard />
      <footer className="flex flex-col items-center gap-1 pt-2 text-center text-sm text-muted-foreground">
        <p className="font-medium">{texts.footerTitle}</p>
        <p>{texts.footerLine}</p>
      </footer>
    </div>
  );
}

/**
 * Settings without a user (spec §2): its one line, under the cookie controls, which a visitor without an
 * account reaches too (docs/decisions/0141-prompts-at-the-right-moment.md).
 */
export function SettingsSignedOut() {
  usePageTitle(texts.title);
  return (
    <div className="flex flex-col gap-5 px-5 pt-6 pb-8">
      <ScreenHeader title={texts.title} backHref="/" backLabel={texts.backToHome} />
      <Card>
        <CardHeader>
          <CardTitle>{consentTexts.bannerTitle}</CardTitle>
          <CardDescription>
            {consentTexts.bannerText} {consentTexts.bannerDetail}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ConsentBlock />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-5">
          <LanguageChoice isSignedIn={false} />
        </CardContent>
      </Card>
      <p className="text-center text-muted-foreground">{texts.signedOut}</p>
    </div>
  );
}
