import { QrCode, RectangleHorizontal } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { LOOKUP_PLATE_MAX, lookupPlateProblem } from '../../shared/vehicles/plates.js';
import { BackToHomeLink } from '../components/back-to-home-link.js';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent } from '../components/ui/card.js';
import { FormField } from '../components/ui/form-field.js';
import { Input } from '../components/ui/input.js';
import { saveFoundVehicle } from '../features/finder/found-vehicle-storage.js';
import { isNotFound, usePlateLookup } from '../features/finder/lookups.js';
import { finderTexts } from '../features/finder/texts.js';
import { isEmailVerificationRequired } from '../lib/email-verification-event.js';
import { toast } from '../lib/toast.js';

const PLATE_INPUT_ID = 'license-plate-number';

function showLookupFailure(error: unknown): void {
  // The email verification screen answers this one (the API client raised its event).
  if (isEmailVerificationRequired(error)) return;
  toast(
    isNotFound(error)
      ? {
          title: finderTexts.plateNotFoundTitle,
          description: finderTexts.plateNotFound,
          variant: 'destructive',
        }
      : { title: finderTexts.plateFailedTitle, description: finderTexts.plateFailed, variant: 'destructive' },
  );
}

export function LicensePlatePage() {
  const [, navigate] = useLocation();
  const lookup = usePlateLookup();
  const [plate, setPlate] = useState('');
  const headingRef = usePageTitle(finderTexts.plateTitle);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (lookup.isPending) return;
    const problem = lookupPlateProblem(plate);
    if (problem) {
      toast({ title: problem.title, description: problem.message, variant: 'destructive' });
      return;
    }
    lookup.mutate(plate.trim(), {
      onSuccess: (vehicle) => {
        saveFoundVehicle(vehicle);
        navigate(`/vehicle-found/${encodeURIComponent(vehicle.id)}`);
      },
      onError: showLookupFailure,
    });
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

      <div className="flex flex-col items-center gap-3">
        <p className="text-sm text-muted-foreground">Is there a QR code sticker on the vehicle?</p>
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
