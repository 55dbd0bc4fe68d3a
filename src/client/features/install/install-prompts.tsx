import { Download, Share, SquarePlus } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { usePromptTurn } from '../../lib/prompt-turn.js';
import { installFromOffer } from './install-action.js';
import { dismissIosInstructions, dismissOverlayForSession } from './install-dismissal.js';
import { installOverlayDueAt, iosInstructionsDueAt } from './install-rules.js';
import { PromptPanel } from './prompt-panel.js';
import { installTexts as texts } from './texts.js';
import { useInstallState, useIsConsentAnswered, useIsDue } from './use-install.js';

/** The install overlay (Android and desktop): 3 s after the browser offered installation (spec §4). */
function InstallOverlay() {
  const state = useInstallState();
  const dueAt = installOverlayDueAt({
    hasOffer: state.offer !== null,
    offeredAt: state.offeredAt,
    isInstalled: state.isInstalled,
    isDismissedForSession: state.isOverlayDismissed,
    isConsentPending: !useIsConsentAnswered(),
  });
  const { offer } = state;
  // One question at a time: the push permission dialog, if it came first, goes first (lib/prompt-turn.ts).
  const isShown = usePromptTurn('install-overlay', useIsDue(dueAt) && offer !== null);
  if (!isShown || !offer) return null;
  return (
    <PromptPanel
      title={texts.overlayTitle}
      icon={Download}
      onEscape={dismissOverlayForSession}
      actions={(leave) => (
        <>
          <Button
            variant="outline"
            onClick={() => {
              leave();
              dismissOverlayForSession();
            }}
          >
            {texts.notNow}
          </Button>
          <Button
            onClick={() => {
              leave();
              void installFromOffer(offer);
            }}
          >
            <Download aria-hidden className="h-4 w-4" />
            {texts.install}
          </Button>
        </>
      )}
    >
      <p>{texts.overlayIntro}</p>
      <ul className="mt-1 list-disc pl-5">
        {texts.overlayBenefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
    </PromptPanel>
  );
}

/** The numbered Safari steps, the Share and Add icons drawn where the user will see them. */
function IosSteps() {
  const icons = [Share, SquarePlus, null];
  return (
    <ol className="mt-2 flex flex-col gap-1.5">
      {texts.iosSteps.map((step, index) => {
        const Icon = icons[index];
        return (
          <li key={step} className="flex items-start gap-2">
            <span className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold text-foreground">
              {index + 1}
            </span>
            <span>
              {step}
              {Icon ? <Icon aria-hidden className="ml-1 inline h-4 w-4 align-[-3px] text-primary" /> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The iOS Add to Home Screen instructions: Safari on iOS, 5 s after load (spec §4). */
function IosInstructions() {
  const state = useInstallState();
  const dueAt = iosInstructionsDueAt({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    startedAt: state.startedAt,
    isInstalled: state.isInstalled,
    isDismissed: state.isIosDismissed,
    isConsentPending: !useIsConsentAnswered(),
  });
  if (!usePromptTurn('ios-instructions', useIsDue(dueAt))) return null;
  return (
    <PromptPanel
      title={texts.iosTitle}
      icon={SquarePlus}
      onEscape={dismissIosInstructions}
      actions={(leave) => (
        <Button
          onClick={() => {
            leave();
            dismissIosInstructions();
          }}
        >
          {texts.gotIt}
        </Button>
      )}
    >
      <p>{texts.iosIntro}</p>
      <IosSteps />
    </PromptPanel>
  );
}

/**
 * Mounted once in the app shell (its own chunk): the install prompt overlay and the iOS Add to Home
 * Screen instructions (spec §2 Overlays and banners, §4 Install prompt).
 */
export function InstallPrompts() {
  return (
    <>
      <InstallOverlay />
      <IosInstructions />
    </>
  );
}
