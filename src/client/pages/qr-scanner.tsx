import {
  ArrowLeft,
  CameraOff,
  Flashlight,
  FlashlightOff,
  Lightbulb,
  LoaderCircle,
  ScanLine,
} from 'lucide-react';
import { useCallback, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import type { PublicVehicle } from '../../shared/vehicles/vehicles.responses.js';
import { usePageTitle } from '../components/page-title.js';
import { componentTexts } from '../components/texts.js';
import { Button } from '../components/ui/button.js';
import { cn } from '../components/ui/cn.js';
import { useInertOutside } from '../components/use-inert-outside.js';
import { saveFoundVehicle } from '../features/finder/found-vehicle-storage.js';
import { qrLookupError, useQrLookup } from '../features/finder/lookups.js';
import { qrCodeFromScan, sampleQrLink } from '../features/finder/scan-code.js';
import { finderTexts } from '../features/finder/texts.js';
import { useCamera } from '../features/finder/use-camera.js';
import { useQrDecoder } from '../features/finder/use-qr-decoder.js';
import { handleApiError } from '../lib/handle-error.js';

/** A code that just failed is not tried again while its toast shows, or the scanner would repeat it twice a second. */
const FAILED_SCAN_QUIET_MS = 5_000;

const cornerClass = 'absolute h-9 w-9 border-white drop-shadow-[0_0_2px_rgba(0,0,0,0.9)]';

function ScanFrame({ isActive }: { isActive: boolean }) {
  return (
    // The shadow dims the picture around the frame, so the frame reads on any background.
    <div
      aria-hidden
      className="relative aspect-square w-[min(70vw,18rem)] rounded-3xl shadow-[0_0_0_100vmax_rgba(0,0,0,0.5)]"
    >
      <span className={cn(cornerClass, '-left-1 -top-1 rounded-tl-3xl border-l-4 border-t-4')} />
      <span className={cn(cornerClass, '-right-1 -top-1 rounded-tr-3xl border-r-4 border-t-4')} />
      <span className={cn(cornerClass, '-bottom-1 -left-1 rounded-bl-3xl border-b-4 border-l-4')} />
      <span className={cn(cornerClass, '-bottom-1 -right-1 rounded-br-3xl border-b-4 border-r-4')} />
      {isActive ? (
        <span className="absolute inset-x-6 top-1/2 h-0.5 animate-pulse rounded-full bg-blue-400" />
      ) : null}
    </div>
  );
}

function CameraProblem({ problem, onTrySample }: { problem: string; onTrySample: () => void }) {
  return (
    <div className="flex max-w-xs flex-col items-center gap-3 rounded-2xl bg-white/10 p-5 text-center backdrop-blur">
      <CameraOff aria-hidden className="h-10 w-10 text-white/80" />
      <p role="alert" className="font-medium">
        {problem}
      </p>
      <button
        type="button"
        onClick={onTrySample}
        className="min-h-11 rounded px-2 text-sm font-semibold text-blue-300 underline underline-offset-4 hover:text-blue-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-300"
      >
        {finderTexts.testWithSample}
      </button>
    </div>
  );
}

export function QrScannerPage() {
  const headingRef = usePageTitle(finderTexts.scannerTitle);
  const overlayRef = useRef<HTMLDivElement>(null);
  // The scanner covers the screen: what lies beneath (bottom navigation, offline banner) leaves the tab order.
  useInertOutside(overlayRef);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [, navigate] = useLocation();
  const camera = useCamera(videoRef);
  const lookup = useQrLookup();
  const lastFailure = useRef<{ text: string; until: number } | null>(null);

  const submit = useCallback(
    (scanned: string) => {
      const failed = lastFailure.current;
      if (failed && failed.text === scanned && Date.now() < failed.until) return;
      const fail = (error: unknown, onRetry?: () => void) => {
        lastFailure.current = { text: scanned, until: Date.now() + FAILED_SCAN_QUIET_MS };
        handleApiError(error, { context: finderTexts.qrLookupContext, onRetry });
      };
      const code = qrCodeFromScan(scanned);
      if (code === undefined) return fail(new Error(finderTexts.qrInvalid));
      lookup.mutate(code, {
        onSuccess: (vehicle: PublicVehicle) => {
          saveFoundVehicle(vehicle);
          navigate(`/vehicle-found/${encodeURIComponent(vehicle.id)}`);
        },
        onError: (error) =>
          fail(qrLookupError(error), () => {
            lastFailure.current = null;
            submit(scanned);
          }),
      });
    },
    [lookup.mutate, navigate],
  );

  const isActive = camera.state.status === 'active';
  const statusText = lookup.isPending
    ? finderTexts.lookingUp
    : isActive
      ? finderTexts.scanning
      : camera.state.status === 'starting'
        ? finderTexts.startingCamera
        : null;
  useQrDecoder({ videoRef, isCameraActive: isActive, isPaused: lookup.isPending, onDecoded: submit });

  return (
    // data-scanner-overlay moves the toasts to the top, off the hints and buttons (styles.css).
    <div
      ref={overlayRef}
      data-scanner-overlay=""
      className="fixed inset-0 z-40 flex flex-col bg-black text-white"
    >
      <header className="flex items-center justify-between gap-3 px-4 pb-3 pt-[max(env(safe-area-inset-top),1rem)]">
        <Link
          href="/"
          aria-label={componentTexts.backToHome}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-white/10 hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <h1 ref={headingRef} tabIndex={-1} className="min-w-0 text-center text-lg font-semibold">
          {finderTexts.scannerTitle}
        </h1>
        {camera.canUseTorch ? (
          <button
            type="button"
            aria-label={finderTexts.flashlight}
            aria-pressed={camera.isTorchOn}
            onClick={() => void camera.toggleTorch()}
            className={cn(
              'flex h-11 w-11 shrink-0 items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white',
              camera.isTorchOn ? 'bg-amber-300 text-black' : 'bg-white/10 hover:bg-white/20',
            )}
          >
            {camera.isTorchOn ? (
              <Flashlight aria-hidden className="h-5 w-5" />
            ) : (
              <FlashlightOff aria-hidden className="h-5 w-5" />
            )}
          </button>
        ) : (
          <span aria-hidden className="h-11 w-11 shrink-0" />
        )}
      </header>

      <div className="relative flex flex-1 flex-col items-center justify-center gap-6 overflow-hidden px-6">
        <video
          ref={videoRef}
          aria-label={finderTexts.cameraView}
          muted
          playsInline
          autoPlay
          className={cn(
            'absolute inset-0 h-full w-full object-cover',
            isActive ? 'opacity-100' : 'opacity-0',
          )}
        />
        <div className="relative flex flex-col items-center gap-6">
          {camera.state.status === 'failed' ? (
            <CameraProblem
              problem={camera.state.problem}
              onTrySample={() => {
                // A press always tries, also right after the sample failed.
                lastFailure.current = null;
                submit(sampleQrLink(window.location.origin));
              }}
            />
          ) : (
            <ScanFrame isActive={isActive && !lookup.isPending} />
          )}
          <div role="status" className="relative min-h-8">
            {statusText ? (
              <span className="flex items-center gap-2 rounded-full bg-black/60 px-4 py-1.5 text-sm">
                {lookup.isPending ? (
                  <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />
                ) : (
                  <ScanLine aria-hidden className="h-4 w-4" />
                )}
                {statusText}
              </span>
            ) : null}
          </div>
        </div>
      </div>

      <footer className="flex flex-col gap-4 px-5 pb-[max(env(safe-area-inset-bottom),1.25rem)] pt-4">
        <ul className="flex flex-col gap-2 text-sm text-white/80">
          <li className="flex items-center gap-2">
            <ScanLine aria-hidden className="h-4 w-4 shrink-0" />
            {finderTexts.positionHint}
          </li>
          <li className="flex items-center gap-2">
            <Lightbulb aria-hidden className="h-4 w-4 shrink-0" />
            {finderTexts.lightingHint}
          </li>
        </ul>
        <Button
          asChild
          variant="outline"
          className="border-white/30 bg-white/10 text-white hover:bg-white/20"
        >
          <Link href="/license-plate">{finderTexts.enterPlateInstead}</Link>
        </Button>
      </footer>
    </div>
  );
}
