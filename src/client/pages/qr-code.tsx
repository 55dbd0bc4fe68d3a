import { Download, Printer, Sticker } from 'lucide-react';
import { createPortal } from 'react-dom';
import { Link, useParams } from 'wouter';
import { vehicleTexts } from '../../shared/vehicles/texts.js';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { PageSpinner, Spinner } from '../components/ui/spinner.js';
import { PlateLine } from '../features/vehicles/plate-line.js';
import { useVehicle } from '../features/vehicles/queries.js';
import { ScreenHeader } from '../features/vehicles/screen-header.js';
import { ReplaceStickerCode, StickerCodeLines } from '../features/vehicles/sticker-codes.js';
import { vehicleScreenTexts } from '../features/vehicles/texts.js';
import { useQrDataUrl } from '../features/vehicles/use-qr-data-url.js';
import { qrCodeTarget, qrFileName, vehicleName } from '../features/vehicles/vehicle-display.js';
import { VehicleNotFound } from '../features/vehicles/vehicle-not-found.js';

/** What printing puts on paper, and only this: the code and one line (see .qr-print-sheet in styles.css). */
function PrintSheet({ dataUrl }: { dataUrl: string }) {
  return createPortal(
    <div className="qr-print-sheet" aria-hidden>
      <img src={dataUrl} alt="" width={256} height={256} />
      <p>{vehicleScreenTexts.qrPrintLine}</p>
    </div>,
    document.body,
  );
}

export function QrCodePage() {
  const { vehicleId = '' } = useParams<{ vehicleId: string }>();
  const vehicleQuery = useVehicle(vehicleId);
  const vehicle = vehicleQuery.data;
  const dataUrl = useQrDataUrl(vehicle ? qrCodeTarget(window.location.origin, vehicle.qrCode) : null);
  usePageTitle(
    vehicleQuery.isPending || vehicle ? vehicleScreenTexts.yourQrCode : vehicleTexts.vehicleNotFound,
  );

  if (vehicleQuery.isPending) return <PageSpinner />;
  if (!vehicle) return <VehicleNotFound />;
  const alt = vehicleScreenTexts.qrAlt({ plate: vehicle.licensePlate });

  return (
    <div className="flex flex-col gap-5 px-5 pb-8 pt-4">
      <ScreenHeader title={vehicleScreenTexts.yourQrCode} backHref="/vehicle-management" />
      <Card className="flex flex-col items-center gap-4 px-5 py-6 text-center">
        <div className="flex h-[272px] w-[272px] items-center justify-center rounded-2xl border border-border bg-white p-2">
          {dataUrl ? (
            <img
              src={dataUrl}
              alt={alt}
              width={256}
              height={256}
              className="h-64 w-64 [image-rendering:pixelated]"
            />
          ) : (
            <Spinner label={vehicleScreenTexts.drawingQrCode} />
          )}
        </div>
        <StickerCodeLines vehicle={vehicle} />
        <div>
          <p className="font-mono text-lg font-semibold tracking-wider">
            <PlateLine licensePlate={vehicle.licensePlate} />
          </p>
          <p className="text-sm text-muted-foreground">{vehicleName(vehicle)}</p>
        </div>
        <p className="text-sm text-muted-foreground">{vehicleScreenTexts.qrIntro}</p>
        {/* Side by side while both labels fit, else one above the other (German at 320 px). */}
        <div className="flex w-full flex-wrap gap-3">
          {dataUrl ? (
            <Button asChild size="large" variant="outline" className="flex-1">
              <a href={dataUrl} download={qrFileName(vehicle.licensePlate)}>
                <Download aria-hidden className="h-4 w-4 shrink-0" />
                {vehicleScreenTexts.download}
              </a>
            </Button>
          ) : (
            <Button size="large" variant="outline" className="flex-1" disabled>
              <Download aria-hidden className="h-4 w-4 shrink-0" />
              {vehicleScreenTexts.download}
            </Button>
          )}
          <Button size="large" className="flex-1" disabled={dataUrl === null} onClick={() => window.print()}>
            <Printer aria-hidden className="h-4 w-4 shrink-0" />
            {vehicleScreenTexts.print}
          </Button>
        </div>
        {/* The print studio: a sticker PDF with the short code and the word (decision 0156). */}
        <Button asChild size="large" variant="outline" className="w-full">
          <Link href={`/print-sticker/${vehicle.id}`}>
            <Sticker aria-hidden className="h-4 w-4 shrink-0" />
            {vehicleScreenTexts.printStickerLink}
          </Link>
        </Button>
        <ReplaceStickerCode vehicleId={vehicle.id} />
      </Card>
      {dataUrl ? <PrintSheet dataUrl={dataUrl} /> : null}
    </div>
  );
}
