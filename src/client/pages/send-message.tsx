import { Send } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useParams, useSearch } from 'wouter';
import {
  type AnonymousMessageInput,
  anonymousMessageRequestSchema,
  MESSAGE_MAX_LENGTH,
  shownQuickMessage,
} from '../../shared/messaging/messages.contract.js';
import { contactNoticeTexts } from '../../shared/messaging/scrub-texts.js';
import { isSampleVehicle } from '../../shared/vehicles/sample.js';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../components/ui/card.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { useUser } from '../features/auth/queries.js';
import { ReplyPromptBelow, VehicleSummary } from '../features/finder/found-vehicle-card.js';
import { readFoundVehicle } from '../features/finder/found-vehicle-storage.js';
import { usePublicVehicle } from '../features/finder/lookups.js';
import { refuseBlankMessage, useSendMessage } from '../features/messaging/mutations.js';
import { useFormKey, useSendRefusal } from '../features/messaging/send-form.js';
import { messageCounter, sendMessageTexts as texts } from '../features/messaging/texts.js';
import { ScreenHeader } from '../features/vehicles/screen-header.js';
import { restOfCatalogue } from '../lib/i18n.js';
import { usePreferences } from '../lib/use-preferences.js';

/** Signed-in senders with several vehicles choose which one they write as (the first by default). */
// Rarely shown (a vehicle removed since it was found): its code is not part of the finder's first load.
const VehicleNotFound = lazy(() =>
  import('../features/vehicles/vehicle-not-found.js').then((module) => ({ default: module.VehicleNotFound })),
);
// Its words (and "your own vehicle") travel in the whole catalogue, not the finder's part (decision 0168).
const SenderChoice = lazy(async () => {
  const [module] = await Promise.all([import('../features/messaging/sender-choice.js'), restOfCatalogue()]);
  return { default: module.SenderChoice };
});
// The "Sending… Undo" countdown (issue 32): fetched when the form is first edited, before it is needed.
const loadCountdown = () =>
  import('../features/messaging/send-countdown.js').then((module) => ({ default: module.SendCountdown }));
const SendCountdown = lazy(loadCountdown);
// Issue 33's "Urgent" switch (decision 0150): a chunk of its own, off the finder's first load.
const UrgentSwitch = lazy(() =>
  import('../features/messaging/urgent-switch.js').then((module) => ({ default: module.UrgentSwitch })),
);

/** Send Message's own address, where its form posts without JavaScript. */
const sendMessagePath = (vehicleId: string) => `/message/${encodeURIComponent(vehicleId)}`;

export function SendMessagePage() {
  const { vehicleId = '' } = useParams<{ vehicleId: string }>();
  const search = useSearch();
  const { data: user } = useUser();
  const [isOwnTarget, setIsOwnTarget] = useState(false);
  const vehicle = usePublicVehicle(vehicleId, readFoundVehicle(vehicleId));
  const sendMessage = useSendMessage();
  // Posted without JavaScript and refused: the server drew the page with the refusal and the text.
  const refusal = useSendRefusal(vehicleId);
  const formKey = useFormKey();
  // Spec §2: an optional content query parameter prefills the text.
  const [content, setContent] = useState(() =>
    (refusal?.content ?? new URLSearchParams(search).get('content') ?? '').slice(0, MESSAGE_MAX_LENGTH),
  );
  const [senderVehicleId, setSenderVehicleId] = useState('');
  // The message counting down before it goes (Undo gives the form back as it was).
  const [waiting, setWaiting] = useState<AnonymousMessageInput | null>(null);
  const edit = (text: string) => {
    setContent(text);
    void loadCountdown();
  };
  // The user's quick messages (Settings, Privacy & Automation), the spec's six by default, in the reader's
  // language (the server takes a default urgent one as urgent in every language).
  const quickMessages = usePreferences().quickMessages.map(shownQuickMessage);
  usePageTitle(texts.title);

  if (vehicle.isPending) return <PageSpinner />;
  if (!vehicle.data)
    return (
      <Suspense fallback={<PageSpinner />}>
        <VehicleNotFound audience="finder" />
      </Suspense>
    );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The route's own contract (spec §5 Anonymous message), before the call: the same texts in the same order.
    const request = anonymousMessageRequestSchema.safeParse({
      vehicleId,
      content,
      messageType: 'custom',
      senderVehicleId,
      // The "Urgent" switch as shown (before its chunk loads, none: the server's default, decision 0150).
      urgent: event.currentTarget.urgent?.checked,
    });
    if (!request.success) {
      refuseBlankMessage(request.error.message);
      return;
    }
    setWaiting(request.data);
  };

  return (
    <div className="flex flex-col gap-5 px-5 pb-10 pt-4">
      <ScreenHeader title={texts.title} backHref={`/vehicle-found/${encodeURIComponent(vehicleId)}`} />
      <Card>
        <CardHeader>
          <CardDescription>{isSampleVehicle(vehicleId) ? texts.sampleNotice : texts.intro}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <VehicleSummary vehicle={vehicle.data} />
          {isOwnTarget ? (
            <p role="note" className="rounded-2xl border border-border bg-muted p-3 text-sm font-medium">
              {texts.ownTarget}
            </p>
          ) : (
            // Without JavaScript the form posts itself to this address (decision 0168); with it, onSubmit sends.
            <form
              method="post"
              action={sendMessagePath(vehicleId)}
              noValidate
              onSubmit={onSubmit}
              className="flex flex-col gap-4"
            >
              {/* The server draws its own key, which the takeover leaves in place (React does not patch attributes). */}
              <input type="hidden" name="idempotencyKey" value={formKey} />
              {quickMessages.length > 0 ? (
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-2 text-sm font-medium">{texts.quickMessages}</legend>
                  <div className="flex flex-wrap gap-2">
                    {quickMessages.map((quick) => (
                      // Without JavaScript a quick message sends itself; with it, it fills the text box.
                      <button
                        key={quick}
                        type="submit"
                        name="quick"
                        value={quick}
                        aria-pressed={content === quick}
                        disabled={waiting !== null}
                        onClick={(event) => {
                          event.preventDefault();
                          edit(quick);
                        }}
                        className="min-h-11 rounded-full border border-input px-3 py-2 text-left text-sm aria-pressed:border-primary aria-pressed:bg-primary/10"
                      >
                        {quick}
                      </button>
                    ))}
                  </div>
                </fieldset>
              ) : null}
              <label className="flex flex-col gap-1.5 text-sm font-medium" htmlFor="message-content">
                {texts.messageLabel}
              </label>
              <textarea
                id="message-content"
                name="content"
                rows={4}
                maxLength={MESSAGE_MAX_LENGTH}
                placeholder={texts.placeholder}
                value={content}
                readOnly={waiting !== null}
                onChange={(event) => edit(event.target.value)}
                aria-describedby="message-counter message-notice"
                className="rounded-xl border border-input bg-background p-3 text-base"
              />
              <p
                id="message-counter"
                className="-mt-2 text-right text-sm text-muted-foreground"
                aria-live="polite"
              >
                {messageCounter(content.length, MESSAGE_MAX_LENGTH)}
              </p>
              <p id="message-notice" className="-mt-3 text-xs text-muted-foreground">
                {contactNoticeTexts.notice}
              </p>
              <Suspense fallback={null}>
                <UrgentSwitch content={content} disabled={waiting} />
              </Suspense>
              {user ? (
                // Only a signed-in sender has vehicles to choose from: its code loads for them alone.
                <Suspense fallback={null}>
                  <SenderChoice
                    targetId={vehicleId}
                    value={senderVehicleId}
                    onChange={setSenderVehicleId}
                    onOwnTarget={setIsOwnTarget}
                  />
                </Suspense>
              ) : null}
              {refusal && content === refusal.content ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {refusal.message}
                </p>
              ) : null}
              {waiting ? (
                <Suspense fallback={null}>
                  <SendCountdown
                    onSend={() => {
                      setWaiting(null);
                      sendMessage.mutate(waiting);
                    }}
                    onUndo={() => {
                      setWaiting(null);
                      document.getElementById('message-content')?.focus();
                    }}
                  />
                </Suspense>
              ) : (
                <Button type="submit" size="large" disabled={sendMessage.isPending}>
                  <Send aria-hidden className="h-5 w-5" />
                  {sendMessage.isPending ? texts.sending : texts.send}
                </Button>
              )}
              {/* Written offline: kept, and sent once the connection is back (decision 0142). */}
              {sendMessage.isPaused ? (
                <p role="status" className="-mt-2 text-center text-sm text-muted-foreground">
                  {texts.willSend}
                </p>
              ) : null}
            </form>
          )}
        </CardContent>
      </Card>
      {user === null ? <ReplyPromptBelow returnTo={sendMessagePath(vehicleId)} /> : null}
    </div>
  );
}
