import { Ban, Car, ChevronRight, CircleHelp, LogOut, type LucideIcon, Settings } from 'lucide-react';
import { Link } from 'wouter';
import { Avatar } from '../components/avatar.js';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent } from '../components/ui/card.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { Tooltip } from '../components/ui/tooltip.js';
import { useLogout } from '../features/auth/mutations.js';
import { useUser } from '../features/auth/queries.js';
import { fullName, userInitial } from '../features/auth/user-display.js';
import { AboutEntry } from '../features/profile/about-entry.js';
import { AccountDataActions } from '../features/profile/delete-account.js';
import { EmailVerificationCard } from '../features/profile/email-verification-card.js';
import { profileTexts } from '../features/profile/texts.js';
import { NotificationsEntry } from '../features/push/notifications-entry.js';

function ProfileLink({ href, icon: Icon, label }: { href: string; icon: LucideIcon; label: string }) {
  return (
    <li>
      <Link
        href={href}
        className="flex min-h-14 items-center gap-3 px-5 py-4 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
      >
        <Icon aria-hidden className="h-5 w-5 text-primary" />
        <span className="flex-1">{label}</span>
        <ChevronRight aria-hidden className="h-4 w-4 text-muted-foreground" />
      </Link>
    </li>
  );
}

export function ProfilePage() {
  const { data: user } = useUser();
  const logout = useLogout();
  const headingRef = usePageTitle(profileTexts.title);
  if (!user) return <PageSpinner />;
  const name = fullName(user);

  return (
    <div className="flex flex-col gap-5 px-5 pt-6">
      <header className="flex items-center justify-between gap-2">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight">
          {profileTexts.title}
        </h1>
        <Tooltip label={profileTexts.settings} className="-mr-2">
          <Button asChild variant="ghost" size="icon" className="rounded-full">
            <Link href="/settings" aria-label={profileTexts.settings}>
              <Settings aria-hidden className="h-5 w-5" />
            </Link>
          </Button>
        </Tooltip>
      </header>

      <Card>
        <CardContent className="flex items-center gap-4 pt-5">
          <Avatar letter={userInitial(user)} className="h-14 w-14 text-xl" />
          <div className="min-w-0">
            {name ? <p className="truncate font-semibold">{name}</p> : null}
            <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{user.email}</p>
          </div>
        </CardContent>
      </Card>

      <EmailVerificationCard user={user} />

      <Card className="overflow-hidden">
        <ul className="divide-y divide-border">
          <ProfileLink href="/vehicle-management" icon={Car} label={profileTexts.myVehicles} />
          <NotificationsEntry />
          <ProfileLink href="/blocked-users" icon={Ban} label={profileTexts.blockedUsers} />
          <ProfileLink href="/help" icon={CircleHelp} label={profileTexts.helpAndSupport} />
          <AboutEntry />
        </ul>
      </Card>

      <AccountDataActions user={user} />

      <Button size="large" variant="outline" disabled={logout.isPending} onClick={() => logout.mutate()}>
        <LogOut aria-hidden className="h-4 w-4" />
        {logout.isPending ? profileTexts.signingOut : profileTexts.signOut}
      </Button>
    </div>
  );
}
