import { QrCode, RectangleHorizontal, Ticket } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { LOOKUP_PLATE_MAX, lookupPlateProblem } from '../../shared/vehicles/plates.js';
import { normaliseShortCode } from '../../shared/vehicles/sticker-code.js';
import type { PublicVehicle } from '../../shared/vehicles/vehicles.responses.js';
import { BackToHomeLink } from '../components/back-to-home-link.js';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent } from '../components/ui/card.js';
import { FormField } from '../components/ui/form-field.js';
import { Input } from '../components/ui/input.js';
import { saveFoundVehicle } from '../features/finder/found-vehicle-storage.js';
import { isNotFound, usePlateLookup, useShortCodeLookup } from '../features/finder/lookups.js';
import { finderTexts } from '../features/finder/texts.js';
import { isEmailVerificationRequired } from '../lib/email-verification-event.js';
import { toast } from '../lib/toast.js';

const PLATE_INPUT_ID = 'license-plate-number';
const CODE_INPUT_ID = 'sticker-code';
/** Room for a code typed with spaces and a dash; the server refuses longer ones anyway. */
const CODE_INPUT_MAX = 16;

function showLookupFailure(error: unknown, notFound: string = finderTexts.plateNotFound): void {
  // The email verification screen answers this one (the API client raised its event).
  if (isEmailVerificationRequired(error)) return;
  toast(
    isNotFound(error)
      ? { title: finderTexts.plateNotFoundTitle, description: notFound, variant: 'destructive' }
      : { title: finderTexts.plateFailedTitle, description: finderTexts.plateFailed, variant: 'destructive' },
  );
}

/** "Have a sticker code?" (issue 34): the code under a sticker's QR, typed; found, it opens Vehicle found. */
function StickerCodeForm({ onFound }: { onFound: (vehicle: PublicVehicle) => void }) {
  const lookup = useShortCodeLookup();
  const [code, setCode] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (lookup.isPending) return;
    if (!normaliseShortCode(code)) {
      toast({
        title: finderTexts.codeInvalidTitle,
        description: finderTexts.codeInvalid,
        variant: 'destructive',
      });
      return;
    }
    lookup.mutate(code, {
      onSuccess: onFound,
      onError: (error) => showLookupFailure(error, finderTexts.codeNotFound),
    });
  };
  return (
    <Card>
      <CardContent className="pt-5">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <h2 className="flex items-center gap-2 font-semibold">
            <Ticket aria-hidden className="h-5 w-5" />
            {finderTexts.codeQuestion}
          </h2>
          <FormField id={CODE_INPUT_ID} label={finderTexts.codeLabel} hint={finderTexts.codeHint}>
            <Input
              id={CODE_INPUT_ID}
              value={code}
              onChange={(event) => setCode(event.target.value.toUpperCase())}
              maxLength={CODE_INPUT_MAX}
              placeholder={finderTexts.codePlaceholder}
              aria-describedby={`${CODE_INPUT_ID}-hint`}
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="search"
              className="h-14 text-center font-mono text-2xl font-bold tracking-widest"
            />
          </FormField>
          <Button type="submit" size="large" variant="outline" disabled={lookup.isPending}>
            {lookup.isPending ? finderTexts.searching : finderTexts.findByCode}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

export function LicensePlatePage() {
  const [, navigate] = useLocation();
  const lookup = usePlateLookup();
  const [plate, setPlate] = useState('');
  const headingRef = usePageTitle(finderTexts.plateTitle);

  const openFound = (vehicle: PublicVehicle) => {
    saveFoundVehicle(vehicle);
    navigate(`/vehicle-found/${encodeURIComponent(vehicle.id)}`);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (lookup.isPending) return;
    const problem = lookupPlateProblem(plate);
    if (problem) {
      toast({ title: problem.title, description: problem.message, variant: 'destructive' });
      return;
    }
    lookup.mutate(plate.trim(), { onSuccess: openFound, onError: (error) => showLookupFailure(error) });
  };

  return (
    <div className="flex flex-col gap-6 px-5 pb-10 pt-4">
      <BackToHomeLink />

      <div className="flex flex-col items-center gap-2 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-primary-solid text-primary-foreground">
          <RectangleHorizontal aria-hidden className="h-7 w-7" />
        </span>
        <h1 ref={headingRef} tabIndex={-1} className="mt-2 text-2xl font-bold tracking-tight">
          {finderTexts.plateTitle}
        </h1>
        <p className="text-sm text-muted-foreground">{finderTexts.plateIntro}</p>
      </div>

      <Card>
        <CardContent className="pt-5">
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <FormField id={PLATE_INPUT_ID} label={finderTexts.plateLabel} hint={finderTexts.plateHint}>
              <Input
                id={PLATE_INPUT_ID}
                value={plate}
                onChange={(event) => setPlate(event.target.value.toUpperCase())}
                maxLength={LOOKUP_PLATE_MAX}
                placeholder={finderTexts.platePlaceholder}
                aria-describedby={`${PLATE_INPUT_ID}-hint`}
                autoComplete="off"
                autoCapitalize="characters"
                autoCorrect="off"
                spellCheck={false}
                enterKeyHint="search"
                className="h-14 text-center font-mono text-2xl font-bold tracking-widest placeholder:font-sans placeholder:text-base placeholder:font-normal placeholder:tracking-normal"
              />
            </FormField>
            <Button type="submit" size="large" disabled={lookup.isPending}>
              {lookup.isPending ? finderTexts.searching : finderTexts.findVehicle}
            </Button>
          </form>
        </CardContent>
      </Card>

      <StickerCodeForm onFound={openFound} />

      <div className="flex flex-col items-center gap-3">
        <p className="text-sm text-muted-foreground">{finderTexts.qrStickerQuestion}</p>
        <Button asChild variant="outline" size="large" className="w-full">
          <Link href="/qr-scanner">
            <QrCode aria-hidden className="h-5 w-5" />
            {finderTexts.openQrScanner}
          </Link>
        </Button>
      </div>
    </div>
  );
}
