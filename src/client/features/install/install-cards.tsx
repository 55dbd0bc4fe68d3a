import { CircleCheck, Download, Smartphone } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { installFromOffer } from './install-action.js';
import { isMobileUserAgent } from './install-rules.js';
import { installTexts, installCardTexts as texts } from './texts.js';
import { useInstallState } from './use-install.js';

const INSTALL_CARD_TITLE_ID = 'install-app-title';

/** Brings the Install App card's instructions into view and to the screen reader. */
function showInstallCard(): void {
  const title = document.getElementById(INSTALL_CARD_TITLE_ID);
  title?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  title?.focus({ preventScroll: true });
}

/** Settings' mobile-only install banner (spec §2 Settings): phones and tablets, until the app is installed. */
export function MobileInstallBanner() {
  const { offer, isInstalled } = useInstallState();
  if (isInstalled || !isMobileUserAgent(navigator.userAgent)) return null;
  return (
    <section
      aria-labelledby="install-banner-title"
      className="flex flex-col gap-3 rounded-2xl bg-primary-solid p-4 text-primary-foreground shadow-sm"
    >
      <div className="flex items-start gap-3">
        <Smartphone aria-hidden className="mt-0.5 h-6 w-6 shrink-0" />
        <div>
          <h2 id="install-banner-title" className="font-semibold leading-tight">
            {texts.bannerTitle}
          </h2>
          <p className="mt-1 text-sm">{texts.bannerText}</p>
        </div>
      </div>
      {offer ? (
        <Button variant="inverse" onClick={() => void installFromOffer(offer)}>
          <Download aria-hidden className="h-4 w-4" />
          {installTexts.install}
        </Button>
      ) : (
        <Button variant="inverse" onClick={showInstallCard}>
          {texts.bannerShowHow}
        </Button>
      )}
    </section>
  );
}

const manualInstructions = () =>
  [
    { title: texts.chromeEdgeTitle, steps: texts.chromeEdgeSteps },
    { title: texts.safariIosTitle, steps: texts.safariIosSteps },
    { title: texts.firefoxTitle, steps: texts.firefoxSteps },
  ] as const;

/** Settings' Install App card: the install button and manual instructions (spec §2 Settings). */
export function InstallAppCard() {
  const { offer, isInstalled } = useInstallState();
  return (
    <Card>
      <CardHeader>
        <CardTitle id={INSTALL_CARD_TITLE_ID} tabIndex={-1} className="scroll-mt-4 focus:outline-none">
          {texts.cardTitle}
        </CardTitle>
        <CardDescription>{texts.cardDescription}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {isInstalled ? (
          <p role="status" className="flex items-center gap-2 text-sm font-medium">
            <CircleCheck aria-hidden className="h-5 w-5 shrink-0 text-primary" />
            {texts.cardInstalled}
          </p>
        ) : offer ? (
          <Button size="large" className="w-full" onClick={() => void installFromOffer(offer)}>
            <Download aria-hidden className="h-4 w-4" />
            {texts.cardInstall}
          </Button>
        ) : null}
        <div>
          <h3 className="text-sm font-semibold">{texts.cardManualTitle}</h3>
          <dl className="mt-2 flex flex-col gap-3">
            {manualInstructions().map(({ title, steps }) => (
              <div key={title} className="rounded-xl bg-muted p-3">
                <dt className="text-sm font-semibold">{title}</dt>
                <dd className="mt-0.5 text-sm text-muted-foreground">{steps}</dd>
              </div>
            ))}
          </dl>
        </div>
      </CardContent>
    </Card>
  );
}
