import { toast } from '../../lib/toast.js';
import { isIos } from './browser-help.js';
import type { EnableOutcome, TestOutcome } from './push-actions.js';
import { pushTexts as texts } from './push-texts.js';

function notSupportedText(): string {
  return isIos(navigator.userAgent) ? texts.notSupportedIos : texts.notSupported;
}

/** Spec §8 push toasts: what an Enable ended in. A dismissed dialog and a server failure say nothing. */
export function showEnableOutcome(outcome: EnableOutcome): void {
  switch (outcome) {
    case 'enabled':
      toast({ title: texts.enabledTitle, description: texts.enabled });
      return;
    case 'notSupported':
      toast({ title: texts.notSupportedTitle, description: notSupportedText(), variant: 'destructive' });
      return;
    case 'blocked':
      toast({ title: texts.blockedTitle, description: texts.blocked, variant: 'destructive' });
      return;
    case 'permissionError':
      toast({
        title: texts.permissionErrorTitle,
        description: texts.permissionError,
        variant: 'destructive',
      });
      return;
    case 'subscriptionFailed':
      toast({
        title: texts.subscriptionFailedTitle,
        description: texts.subscriptionFailed,
        variant: 'destructive',
      });
      return;
    case 'authenticationRequired':
      toast({
        title: texts.authenticationRequiredTitle,
        description: texts.authenticationRequired,
        variant: 'destructive',
      });
      return;
    case 'configurationError':
      toast({
        title: texts.configurationErrorTitle,
        description: texts.configurationError,
        variant: 'destructive',
      });
      return;
    case 'dismissed':
    case 'serverFailed':
      return;
  }
}

export function showTestOutcome(outcome: TestOutcome): void {
  if (outcome === 'sent') toast({ title: texts.testSentTitle, description: texts.testSent });
  else if (outcome === 'noSubscription') {
    toast({ title: texts.noSubscriptionTitle, description: texts.noSubscription, variant: 'destructive' });
  } else toast({ title: texts.testFailedTitle, description: texts.testFailed, variant: 'destructive' });
}
