import { CircleCheck, FlaskConical, LogIn, MessageSquare } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { acceptanceTexts } from '../../../shared/vehicles/acceptance.js';
import { colorName } from '../../../shared/vehicles/colors.js';
import { isSampleVehicle, sampleVehicleTexts } from '../../../shared/vehicles/sample.js';
import { THEME_PRESETS } from '../../../shared/vehicles/themes.js';
import { vehicleTypeName } from '../../../shared/vehicles/vehicle-types.js';
import type { PublicVehicle } from '../../../shared/vehicles/vehicles.responses.js';
import { usePageTitle } from '../../components/page-title.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { authPathReturningTo } from '../../lib/relogin.js';
import { vehicleName } from '../vehicles/vehicle-display.js';
import { vehicleTypeIcon } from '../vehicles/vehicle-type-icon.js';
import { finderTexts } from './texts.js';

function Detail({ label, children }: { label: string; children: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs opacity-75">{label}</dt>
      <dd className="truncate font-medium">{children}</dd>
    </div>
  );
}

/** The vehicle as anyone may see it (ADDENDUM §1), in the colours of the owner's theme preset. */
export function VehicleSummary({ vehicle }: { vehicle: PublicVehicle }) {
  const theme = THEME_PRESETS[vehicle.themePreset] ?? THEME_PRESETS.default;
  const Icon = vehicleTypeIcon(vehicle.vehicleType);
  const title = vehicleName(vehicle);
  const yearMakeModel = vehicleName({ ...vehicle, displayName: null });
  return (
    <section
      aria-label={finderTexts.vehicle}
      className="flex flex-col gap-4 rounded-2xl border border-black/10 p-4"
      style={{ backgroundColor: theme.backgroundColor, color: theme.textColor }}
    >
      <div className="flex items-center gap-3">
        <span
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl text-white"
          style={{ backgroundColor: theme.primaryColor }}
        >
          <Icon aria-hidden className="h-6 w-6" />
        </span>
        <div className="min-w-0">
          <p className="break-words text-lg font-semibold leading-tight">{title}</p>
          {title !== yearMakeModel ? <p className="text-sm opacity-75">{yearMakeModel}</p> : null}
        </div>
      </div>
      <p
        className="self-start rounded-lg border-2 px-3 py-1 font-mono text-xl font-bold tracking-widest"
        style={{ borderColor: theme.primaryColor }}
      >
        <span className="sr-only">{finderTexts.licensePlate} </span>
        {vehicle.licensePlate}
      </p>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <Detail label={finderTexts.color}>{colorName(vehicle.color)}</Detail>
        <Detail label={finderTexts.type}>{vehicleTypeName(vehicle.vehicleType)}</Detail>
      </dl>
    </section>
  );
}

/**
 * The built-in sample vehicle ("Test with sample QR code") says plainly that it is one: nobody reads what is sent
 * to it (docs/decisions/0045-sample-vehicle.md). It stands where other vehicles promise the owner a message.
 */
function SampleNotice() {
  return (
    <p
      role="note"
      className="mt-1 flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-left text-sm font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <FlaskConical aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
      <span>{sampleVehicleTexts.notice}</span>
    </p>
  );
}

/**
 * What the owner's setting allows, said before the finder writes (issue 31, point 6; ADDENDUM §1 makes it
 * public): paused, or only verified accounts while the finder is not signed in.
 */
function AcceptanceNotice({ text }: { text: string }) {
  return (
    <p role="note" className="rounded-2xl border border-border bg-muted p-3 text-left text-sm font-medium">
      {text}
    </p>
  );
}

/** The sticker's word in large type (issue 34): a finder compares it with the sticker before writing. */
function StickerWord({ word }: { word: string }) {
  return (
    <p className="rounded-2xl border-2 border-primary p-3 text-center text-base font-medium">
      {finderTexts.stickerWordBefore}{' '}
      <strong className="block text-3xl font-extrabold tracking-widest">{word}</strong>
      <span className="sr-only">. </span>
      {finderTexts.stickerWordAfter}
    </p>
  );
}

const ReplyPrompt = lazy(async () => ({ default: (await import('./reply-prompt.js')).ReplyPrompt }));

/**
 * "Want a reply?" for a visitor who is not signed in (reply-prompt.tsx): below the vehicle, so its code loads
 * after the screen's own (the finder's first load stays within its budget, bench/bundle-budget.test.ts).
 */
export function ReplyPromptBelow({ returnTo }: { returnTo: string }) {
  return (
    <Suspense fallback={null}>
      <ReplyPrompt returnTo={returnTo} />
    </Suspense>
  );
}

interface FoundVehicleCardProps {
  vehicle: PublicVehicle;
  /** Undefined while the session is still loading: no prompt flashes for a signed-in user. */
  isSignedIn: boolean | undefined;
}

export function FoundVehicleCard({ vehicle, isSignedIn }: FoundVehicleCardProps) {
  // Here, for pages/vehicle-found.tsx shows this card on both of its routes.
  usePageTitle(finderTexts.foundTitle);
  const here = `/vehicle-found/${encodeURIComponent(vehicle.id)}`;
  const isPaused = vehicle.acceptMessagesFrom === 'nobody';
  const needsAccount = vehicle.acceptMessagesFrom === 'verified' && isSignedIn === false;
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader className="items-center text-center">
          <CircleCheck aria-hidden className="h-12 w-12 text-emerald-500" />
          <CardTitle as="h1" className="text-xl">
            {finderTexts.foundTitle}
          </CardTitle>
          {isSampleVehicle(vehicle.id) ? (
            <SampleNotice />
          ) : (
            <CardDescription>{finderTexts.foundIntro}</CardDescription>
          )}
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <VehicleSummary vehicle={vehicle} />
          <StickerWord word={vehicle.verificationWord} />
          {isPaused ? <AcceptanceNotice text={acceptanceTexts.paused} /> : null}
          {needsAccount ? <AcceptanceNotice text={acceptanceTexts.verifiedOnly} /> : null}
          {isPaused ? null : needsAccount ? (
            <Button asChild size="large" className="mt-1">
              <Link href={authPathReturningTo('login', here)}>
                <LogIn aria-hidden className="h-5 w-5" />
                {finderTexts.signInToWrite}
              </Link>
            </Button>
          ) : (
            <Button asChild size="large" className="mt-1">
              <Link href={`/message/${encodeURIComponent(vehicle.id)}`}>
                <MessageSquare aria-hidden className="h-5 w-5" />
                {finderTexts.sendMessage}
              </Link>
            </Button>
          )}
          <Button asChild size="large" variant="outline">
            <Link href="/">{finderTexts.cancel}</Link>
          </Button>
        </CardContent>
      </Card>
      {/* Its "you can send without an account" is not so where the owner accepts only verified senders. */}
      {isSignedIn === false && !isPaused && !needsAccount ? <ReplyPromptBelow returnTo={here} /> : null}
    </div>
  );
}
