import {
  Car,
  Lightbulb,
  type LucideIcon,
  MessageSquare,
  QrCode,
  RectangleHorizontal,
  ShieldCheck,
  TriangleAlert,
  Wind,
} from 'lucide-react';
import { Link } from 'wouter';
import { Brand } from '../components/brand.js';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';
import { ProviderButton } from '../features/auth/provider-button.js';
import { LOGIN_PAGE_PATH, REGISTER_PAGE_PATH } from '../lib/relogin.js';
import { landingTexts } from './landing-texts.js';

interface Item {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** The landing page's lists, in the language of the moment. */
const howItWorks = (): Item[] => {
  const t = landingTexts.howItWorks;
  return [
    { icon: QrCode, ...t.qrCode },
    { icon: RectangleHorizontal, ...t.plate },
    { icon: MessageSquare, ...t.anonymous },
    { icon: ShieldCheck, ...t.privacy },
  ];
};

const situations = (): Item[] => {
  const t = landingTexts.situations;
  return [
    { icon: Car, ...t.driveway },
    { icon: Lightbulb, ...t.headlights },
    { icon: Wind, ...t.window },
    { icon: TriangleAlert, ...t.emergencies },
  ];
};

function ItemList({ items }: { items: Item[] }) {
  return (
    <ul className="grid gap-3">
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-3 rounded-2xl border border-border bg-card p-4">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground">
            <Icon aria-hidden className="h-5 w-5" />
          </span>
          <span>
            <span className="block font-semibold">{title}</span>
            <span className="block text-sm text-muted-foreground">{text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function LandingPage() {
  const headingRef = usePageTitle(landingTexts.pageTitle);
  return (
    <div className="flex flex-col gap-10 px-5 pb-10 pt-5">
      <header>
        <Brand />
      </header>

      <section aria-labelledby="landing-title" className="flex flex-col gap-5">
        <h1
          ref={headingRef}
          tabIndex={-1}
          id="landing-title"
          className="text-3xl font-bold leading-tight tracking-tight"
        >
          {landingTexts.headingStart}
          <span className="text-primary">{landingTexts.headingHighlight}</span>
        </h1>
        <p className="text-base text-muted-foreground">{landingTexts.intro}</p>
        {/* A passer-by's way in comes first (issue 31, point 5): no account is needed to write. */}
        <div className="grid grid-cols-2 gap-3">
          <Link
            href="/qr-scanner"
            className="flex min-h-28 flex-col items-center justify-center gap-2 rounded-2xl bg-primary-solid p-4 text-center font-semibold text-primary-foreground shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          >
            <QrCode aria-hidden className="h-8 w-8" />
            {landingTexts.scanQrCode}
          </Link>
          <Link
            href="/license-plate"
            className="flex min-h-28 flex-col items-center justify-center gap-2 rounded-2xl border-2 border-primary bg-card p-4 text-center font-semibold text-foreground shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          >
            <RectangleHorizontal aria-hidden className="h-8 w-8 text-primary" />
            {landingTexts.enterPlate}
          </Link>
        </div>
      </section>

      <section
        aria-labelledby="owners"
        className="flex flex-col gap-4 rounded-3xl border border-border bg-card p-5"
      >
        <h2 id="owners" className="text-xl font-bold">
          {landingTexts.ownersTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{landingTexts.ownersText}</p>
        <div className="flex flex-col gap-3">
          <Button asChild size="large">
            <Link href={REGISTER_PAGE_PATH}>{landingTexts.getStarted}</Link>
          </Button>
          <Button asChild size="large" variant="outline">
            <Link href={LOGIN_PAGE_PATH}>{landingTexts.signIn}</Link>
          </Button>
          <ProviderButton />
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="flex flex-col gap-4">
        <h2 id="how-it-works" className="text-xl font-bold">
          {landingTexts.howItWorksTitle}
        </h2>
        <ItemList items={howItWorks()} />
      </section>

      <section aria-labelledby="situations" className="flex flex-col gap-4">
        <h2 id="situations" className="text-xl font-bold">
          {landingTexts.situationsTitle}
        </h2>
        <ItemList items={situations()} />
      </section>

      <section
        aria-labelledby="closing-call"
        className="flex flex-col gap-4 rounded-3xl bg-primary-solid p-6 text-primary-foreground"
      >
        <h2 id="closing-call" className="text-xl font-bold">
          {landingTexts.closingTitle}
        </h2>
        {/* Full white: at 90 % opacity on primary-solid it read 4.48:1, under AA's 4.5:1. */}
        <p className="text-sm">{landingTexts.closingText}</p>
        <Button asChild size="large" variant="inverse">
          <Link href={REGISTER_PAGE_PATH}>{landingTexts.createAccount}</Link>
        </Button>
      </section>
    </div>
  );
}
