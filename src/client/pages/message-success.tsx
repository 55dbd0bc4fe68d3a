import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.js';
import { MESSAGE_SUCCESS_REDIRECT_MS, messageSuccessTexts as texts } from '../features/messaging/texts.js';
import { dismissErrorToasts } from '../lib/toast.js';

/** Set where the server answered a form sent to the sample vehicle with this page (ssr/render.tsx). */
export const sampleSentKey = ['sample-sent'] as const;

/**
 * Whether this page was reached by a send (its navigation's state, or the server's answer to the form posted
 * without JavaScript: decision 0168), not typed or bookmarked.
 */
const cameFromASend = (client: QueryClient) =>
  client.getQueryData(sampleSentKey) === true ||
  (typeof window !== 'undefined' && (window.history.state as { sent?: boolean } | null)?.sent === true);

/**
 * Message success (spec §2): a confirmation that returns to / after 10 seconds (spec §9), now after a message
 * to the sample vehicle only (a real one leads to its status page, /sent/{id}: decision 0146). Only after a
 * send: opened by its address it leads home, and the failure toasts of earlier tries close on it.
 */
export function MessageSuccessPage() {
  const client = useQueryClient();
  const [isAfterSend] = useState(() => cameFromASend(client));
  return isAfterSend ? <MessageSent /> : <Redirect to="/" replace />;
}

function MessageSent() {
  const [, navigate] = useLocation();
  const isSample = new URLSearchParams(useSearch()).get('sample') === '1';
  const [secondsLeft, setSecondsLeft] = useState(MESSAGE_SUCCESS_REDIRECT_MS / 1000);
  usePageTitle(texts.title);
  useEffect(dismissErrorToasts, []);

  useEffect(() => {
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      const left = Math.ceil((MESSAGE_SUCCESS_REDIRECT_MS - (Date.now() - startedAt)) / 1000);
      if (left <= 0) navigate('/', { replace: true });
      else setSecondsLeft(left);
    }, 250);
    return () => window.clearInterval(timer);
  }, [navigate]);

  return (
    <div className="flex flex-col gap-5 px-5 pb-10 pt-10">
      <Card>
        <CardHeader className="items-center text-center">
          <CircleCheck aria-hidden className="h-14 w-14 text-emerald-500" />
          <CardTitle as="h1" className="text-xl">
            {texts.title}
          </CardTitle>
          <CardDescription>{isSample ? texts.sample : texts.delivered}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-center">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {texts.redirect({ count: secondsLeft })}
          </p>
          <Button asChild size="large">
            <Link href="/" replace>
              {texts.home}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
