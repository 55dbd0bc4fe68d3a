import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { formatShortCode } from '../../../shared/vehicles/sticker-code.js';
import type { Vehicle } from '../../../shared/vehicles/vehicles.responses.js';
import { Button } from '../../components/ui/button.js';
import { type Confirmation, ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { useReplaceStickerCode } from './mutations.js';
import { vehicleScreenTexts as texts } from './texts.js';

/** The QR Code screen's short code and word, under the QR (issue 34, decision 0155). */
export function StickerCodeLines({ vehicle }: { vehicle: Vehicle }) {
  return (
    // Side by side while both fit, else one above the other; a code is never broken at its hyphen (320 px).
    <dl className="flex w-full flex-wrap gap-3 text-center">
      <div className="flex-1">
        <dt className="text-xs text-muted-foreground">{texts.shortCodeLabel}</dt>
        <dd
          data-testid="sticker-short-code"
          className="whitespace-nowrap font-mono text-xl font-bold tracking-widest"
        >
          {formatShortCode(vehicle.shortCode)}
        </dd>
      </div>
      <div className="flex-1">
        <dt className="text-xs text-muted-foreground">{texts.wordLabel}</dt>
        <dd data-testid="sticker-word" className="text-xl font-bold tracking-widest">
          {vehicle.verificationWord}
        </dd>
      </div>
    </dl>
  );
}

/** Replace sticker code, asked first: old stickers stop working at once. */
export function ReplaceStickerCode({ vehicleId }: { vehicleId: string }) {
  const replace = useReplaceStickerCode(vehicleId);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const ask = () =>
    setConfirmation({
      title: texts.replaceTitle,
      description: texts.replaceDescription,
      confirmLabel: texts.replaceConfirm,
      onConfirm: () => replace.mutate(),
    });
  return (
    <>
      <Button variant="ghost" className="w-full" disabled={replace.isPending} onClick={ask}>
        <RefreshCw aria-hidden className="h-4 w-4 shrink-0" />
        {texts.replaceCode}
      </Button>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </>
  );
}
