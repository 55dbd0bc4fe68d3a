import { ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.js';
import { cn } from '../../components/ui/cn.js';
import { toast } from '../../lib/toast.js';
import { showBasicTestNotification } from './basic-notifications.js';
import { browserHelpOf, isIos } from './browser-help.js';
import { refreshNotificationState, useNotificationState } from './notification-state.js';
import { EmailFallbackSwitch, PreviewSwitch } from './preview-switch.js';
import { disableNotifications, enableNotifications, sendTestPush, subscribeToPush } from './push-actions.js';
import { explanationOf, type PushBadge, pushBadge } from './push-status.js';
import { pushTexts as texts } from './push-texts.js';
import { showEnableOutcome, showTestOutcome } from './push-toasts.js';
import { QuietHoursSetting } from './quiet-hours.js';

const badgeLooks: Record<PushBadge, string> = {
  pushActive: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  basicActive: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  blocked: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  notAvailable: 'bg-muted text-muted-foreground',
  basicAvailable: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  inactive: 'bg-muted text-muted-foreground',
};

function BlockedGuide() {
  const help = browserHelpOf(navigator.userAgent);
  return (
    <div className="mt-4 rounded-xl bg-muted p-4">
      <h3 className="text-sm font-semibold">{texts.blockedGuideTitle}</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
        {texts.blockedGuide.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <Button asChild variant="outline" className="mt-3">
        <a href={help.url} target="_blank" rel="noopener noreferrer">
          {texts.browserHelp({ browser: help.browser })}
          <ExternalLink aria-hidden className="h-4 w-4" />
        </a>
      </Button>
    </div>
  );
}

/** Settings' Push Notifications card (spec §2 Settings, §4 Push status badge, §8 explanations). */
export function PushNotificationsCard() {
  const state = useNotificationState();
  const titleId = useId();
  const [pending, setPending] = useState<'enable' | 'other' | null>(null);
  const isBusy = pending !== null;
  const badge = pushBadge(state);
  const explanation = explanationOf(badge, isIos(navigator.userAgent));
  const isOn = badge === 'pushActive' || badge === 'basicActive';
  const canEnable = badge === 'inactive' || badge === 'basicAvailable';

  const busy =
    (action: () => Promise<void>, name: 'enable' | 'other' = 'other') =>
    async () => {
      setPending(name);
      try {
        await action();
      } finally {
        setPending(null);
      }
    };
  const enable = busy(async () => showEnableOutcome(await enableNotifications()), 'enable');
  const disable = busy(async () => {
    await disableNotifications();
    toast({ title: texts.disabledTitle, description: texts.disabled });
  });
  const sendTest = busy(async () => {
    if (badge === 'basicActive') showBasicTestNotification();
    else showTestOutcome(await sendTestPush());
  });
  const refresh = busy(async () => {
    const current = await refreshNotificationState();
    toast({
      title: texts.currentStatusTitle,
      description: texts.currentStatus({
        status: texts.badge[pushBadge(current)],
        permission: texts.permission[current.push.permission],
      }),
    });
    const { push } = current;
    if (push.supported && push.permission === 'granted' && !push.hasSubscription) {
      // Spec §8: a subscription failure here is only logged.
      await subscribeToPush({ ask: false });
    }
  });

  return (
    <Card role="region" aria-labelledby={titleId}>
      {/* The badge goes under a title too long to share its line (German at 320 px). */}
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle id={titleId}>{texts.cardTitle}</CardTitle>
        <span
          data-testid="push-status-badge"
          className={cn('shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold', badgeLooks[badge])}
        >
          {texts.badge[badge]}
        </span>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">{texts.explanation[explanation]}</p>
        {badge === 'blocked' ? <BlockedGuide /> : null}
        <div className="mt-4 flex flex-wrap gap-2">
          {canEnable ? (
            <Button disabled={isBusy} onClick={enable}>
              {pending === 'enable' ? texts.enabling : texts.enable}
            </Button>
          ) : null}
          {isOn ? (
            <>
              <Button variant="secondary" disabled={isBusy} onClick={sendTest}>
                {texts.sendTest}
              </Button>
              <Button variant="outline" disabled={isBusy} onClick={disable}>
                {texts.disable}
              </Button>
            </>
          ) : null}
          <Button variant="outline" disabled={isBusy} onClick={refresh}>
            {texts.refreshStatus}
          </Button>
        </div>
        <div className="mt-4 space-y-2 border-t border-border pt-4">
          <PreviewSwitch />
          <EmailFallbackSwitch />
          <QuietHoursSetting />
        </div>
      </CardContent>
    </Card>
  );
}
