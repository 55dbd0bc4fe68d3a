import { ShieldCheck } from 'lucide-react';
import type { Conversation } from '../../../shared/messaging/messages.contract.js';
import { Button } from '../../components/ui/button.js';
import { currentLocale } from '../../lib/i18n.js';
import { useVehicle } from '../vehicles/queries.js';
import { otherSideOf } from './conversation-display.js';
import { useAcceptOnlyVerified, useUnblockInChat } from './conversation-mutations.js';
import { safetyTexts as texts } from './safety-texts.js';

/** "Sat 14:32": a day from now reads as the weekday and the time, in the app's language. */
const untilTime = (iso: string) =>
  new Date(iso).toLocaleString(currentLocale(), { weekday: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * What the caller blocked, said exactly (decision 0139), in place of the composer: a visitor's browser and,
 * until when, their network; an account. With Unblock, and for a visitor the one tap that closes what a
 * block cannot: "Only accept verified senders for this vehicle".
 */
export function BlockedNotice({
  conversation,
  block,
  now,
}: {
  conversation: Conversation;
  block: NonNullable<Conversation['block']>;
  now: number;
}) {
  const otherSide = otherSideOf(conversation);
  const unblock = useUnblockInChat();
  const text =
    otherSide !== 'visitor'
      ? texts.blocked[otherSide]
      : block.networkUntil && Date.parse(block.networkUntil) > now
        ? texts.blocked.visitor({ until: untilTime(block.networkUntil) })
        : texts.blocked.visitorBrowserOnly;
  return (
    <div className="flex flex-col gap-3" role="status">
      <p className="text-sm">{text}</p>
      <div className="flex flex-wrap gap-2">
        {otherSide === 'visitor' && conversation.vehicleOneId !== null ? (
          <OnlyVerified vehicleId={conversation.vehicleOneId} />
        ) : null}
        <Button variant="outline" disabled={unblock.isPending} onClick={() => unblock.mutate(block)}>
          {texts.unblock}
        </Button>
      </div>
    </div>
  );
}

/** The owner's own vehicle's setting, and the one tap that makes it "verified senders only". */
function OnlyVerified({ vehicleId }: { vehicleId: string }) {
  const vehicle = useVehicle(vehicleId);
  const acceptOnlyVerified = useAcceptOnlyVerified();
  if (!vehicle.data) return null;
  const setting = vehicle.data.acceptMessagesFrom;
  if (setting !== 'everyone') {
    return (
      <p className="flex items-center gap-2 text-sm font-medium">
        <ShieldCheck aria-hidden className="h-4 w-4 shrink-0" />
        {setting === 'verified' ? texts.onlyVerifiedDone : texts.acceptsNoMessages}
      </p>
    );
  }
  const current = vehicle.data;
  return (
    <Button disabled={acceptOnlyVerified.isPending} onClick={() => acceptOnlyVerified.mutate(current)}>
      <ShieldCheck aria-hidden className="h-4 w-4" />
      {texts.onlyVerified}
    </Button>
  );
}
