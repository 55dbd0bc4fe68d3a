import { ChevronRight, type LucideIcon, QrCode, RectangleHorizontal } from 'lucide-react';
import { Link } from 'wouter';
import { Avatar } from '../components/avatar.js';
import { Brand } from '../components/brand.js';
import { usePageTitle } from '../components/page-title.js';
import { useUser } from '../features/auth/queries.js';
import { greeting, userInitial } from '../features/auth/user-display.js';
import { RecentConversationsSection } from '../features/messaging/recent-conversations-section.js';
import { MyVehiclesSection } from '../features/vehicles/my-vehicles-section.js';
import { homeTexts } from './home-texts.js';

interface TileProps {
  href: string;
  icon: LucideIcon;
  title: string;
  subtitle: string;
}

function Tile({ href, icon: Icon, title, subtitle }: TileProps) {
  return (
    <Link
      href={href}
      className="group flex flex-col gap-3 rounded-3xl border border-border bg-card p-4 shadow-sm transition hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex items-start justify-between">
        <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-primary-solid text-primary-foreground">
          <Icon aria-hidden className="h-6 w-6" />
        </span>
        <ChevronRight
          aria-hidden
          className="h-5 w-5 text-muted-foreground transition group-hover:translate-x-0.5"
        />
      </span>
      <span>
        {/* A word longer than the tile is wide (German "Kennzeichen", "Fahrzeugbesitzer" at 320 px) breaks inside it. */}
        <span className="block break-words font-semibold hyphens-auto">{title}</span>
        <span className="block break-words text-sm text-muted-foreground hyphens-auto">{subtitle}</span>
      </span>
    </Link>
  );
}

/**
 * Home. The user is unknown only while an app opened offline waits for the session's answer (app/shell.tsx):
 * the page is drawn without the greeting and the avatar's letter, which fill in once it is back.
 */
export function HomePage() {
  const { data: user } = useUser();
  const headingRef = usePageTitle(homeTexts.title);

  return (
    <div className="flex flex-col gap-6 px-5 pt-4">
      <header className="flex items-center justify-between">
        <Brand />
        <Link
          href="/profile"
          aria-label={homeTexts.account}
          className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Avatar letter={user ? userInitial(user) : ''} />
        </Link>
      </header>

      <section aria-labelledby="home-title" className="flex flex-col gap-4">
        <div>
          <p className="min-h-5 text-sm text-muted-foreground">{user ? greeting(user) : null}</p>
          <h1 ref={headingRef} tabIndex={-1} id="home-title" className="text-2xl font-bold tracking-tight">
            {homeTexts.heading}
          </h1>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Tile
            href="/qr-scanner"
            icon={QrCode}
            title={homeTexts.scanTitle}
            subtitle={homeTexts.scanSubtitle}
          />
          <Tile
            href="/license-plate"
            icon={RectangleHorizontal}
            title={homeTexts.plateTitle}
            subtitle={homeTexts.plateSubtitle}
          />
        </div>
      </section>

      <RecentConversationsSection />

      <MyVehiclesSection />
    </div>
  );
}
