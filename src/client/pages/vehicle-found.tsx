import { SearchX, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { normaliseShortCode } from '../../shared/vehicles/sticker-code.js';
import type { PublicVehicle } from '../../shared/vehicles/vehicles.responses.js';
import { Brand } from '../components/brand.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { useUser } from '../features/auth/queries.js';
import { FoundVehicleCard } from '../features/finder/found-vehicle-card.js';
import { readFoundVehicle, saveFoundVehicle } from '../features/finder/found-vehicle-storage.js';
import {
  isNotFound,
  usePublicVehicle,
  useVehicleByQrCode,
  useVehicleByShortCode,
} from '../features/finder/lookups.js';
import { isVehicleCode } from '../features/finder/scan-code.js';
import { finderTexts } from '../features/finder/texts.js';
import { errorToastTexts } from '../lib/error-texts.js';
import { errorToastFor } from '../lib/error-toasts.js';

/** Where a QR link that cannot be resolved leads: Home or Landing, which toast it (spec §2 Home). */
const QR_NOT_FOUND_PATH = '/?error=vehicle-not-found';
const QR_LOOKUP_FAILED_PATH = '/?error=qr-lookup-failed';

function Screen({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-5 px-5 pb-10 pt-4">
      <header className="flex justify-center">
        <Brand />
      </header>
      {children}
    </div>
  );
}

function FoundVehicle({ vehicle }: { vehicle: PublicVehicle }) {
  const { data: user } = useUser();
  // Kept for the next screen (spec §2 Vehicle found), whichever way the vehicle was found.
  useEffect(() => saveFoundVehicle(vehicle), [vehicle]);
  return (
    <Screen>
      <FoundVehicleCard vehicle={vehicle} isSignedIn={user === undefined ? undefined : user !== null} />
    </Screen>
  );
}

function Problem({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  const Icon = onRetry ? TriangleAlert : SearchX;
  return (
    <Screen>
      <Card>
        <CardHeader className="items-center text-center">
          <Icon aria-hidden className="h-12 w-12 text-destructive" />
          <CardTitle as="h1" className="text-xl">
            {title}
          </CardTitle>
          <CardDescription>{text}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {onRetry ? (
            <Button size="large" onClick={onRetry}>
              {finderTexts.tryAgain}
            </Button>
          ) : null}
          <Button asChild size="large" variant="outline">
            <Link href="/">{finderTexts.goToHome}</Link>
          </Button>
        </CardContent>
      </Card>
    </Screen>
  );
}

/**
 * /vehicle-found/{vehicleId}: the vehicle the previous screen kept shows at once, and the public vehicle by
 * id replaces it, so a vehicle edited or removed since is shown as it is now. When the server cannot be
 * asked (offline, a fault), the kept vehicle stays; only its removal (404) hides it.
 */
export function VehicleFoundPage() {
  const { vehicleId = '' } = useParams<{ vehicleId: string }>();
  const kept = useMemo(() => readFoundVehicle(vehicleId), [vehicleId]);
  const query = usePublicVehicle(vehicleId, kept);
  const isGone = isNotFound(query.error);
  const vehicle = isGone ? undefined : (query.data ?? kept);

  if (vehicle) return <FoundVehicle vehicle={vehicle} />;
  if (query.isError) {
    if (isGone) return <Problem title={errorToastTexts.vehicleNotFoundTitle} text={finderTexts.foundGone} />;
    const { title, description } = errorToastFor(query.error);
    return <Problem title={title} text={description} onRetry={() => void query.refetch()} />;
  }
  return <PageSpinner />;
}

/** The answer of a code lookup (null: no active vehicle has it), or home with the spec's toast. */
function VehicleByCode({ query, isCode }: { query: ReturnType<typeof useVehicleByQrCode>; isCode: boolean }) {
  const [, navigate] = useLocation();
  const isUnknown = !isCode || query.data === null;

  useEffect(() => {
    if (isUnknown) navigate(QR_NOT_FOUND_PATH, { replace: true });
    else if (query.isError) navigate(QR_LOOKUP_FAILED_PATH, { replace: true });
  }, [isUnknown, query.isError, navigate]);

  return query.data ? <FoundVehicle vehicle={query.data} /> : <PageSpinner />;
}

/**
 * /c/{code}: a sticker's short code as a link (issue 34, decision 0155), read like a typed one (case, spaces,
 * dashes, look-alikes), keyed by its canonical form so every way of writing one code is one read.
 */
export function VehicleShortCodePage() {
  const { code = '' } = useParams<{ code: string }>();
  const shortCode = normaliseShortCode(code);
  return <VehicleByCode query={useVehicleByShortCode(shortCode)} isCode={shortCode !== undefined} />;
}

/** Resolves a QR code, or leads home with the spec's toast when no active vehicle has it (answered null). */
function VehicleByQrCode({ qrCode }: { qrCode: string }) {
  const isCode = isVehicleCode(qrCode);
  return <VehicleByCode query={useVehicleByQrCode(isCode ? qrCode : undefined)} isCode={isCode} />;
}

/** /vehicle/qr/{qrCode}, the link a sticker encodes. */
export function VehicleQrPage() {
  const { qrCode = '' } = useParams<{ qrCode: string }>();
  return <VehicleByQrCode qrCode={qrCode} />;
}

/**
 * /vehicle-found?qr={code} (spec §2 Route sets): the same as /vehicle/qr/{code}. Without a qr parameter the
 * address names no vehicle and is treated as an unknown code (docs/decisions/0061-client-vehicle-found-qr-query.md).
 */
export function VehicleFoundByQrPage() {
  const [searchParams] = useSearchParams();
  return <VehicleByQrCode qrCode={searchParams.get('qr') ?? ''} />;
}
