import { notificationPreferencesTexts } from '../../shared/push/preferences.js';
import type { PushPayload } from '../../shared/push/push.js';
import { vehicleLabel } from '../../shared/vehicles/label.js';
import type { PushQueueRepo } from './push.repo.js';

/** A notification shows this much of a message; the app shows the rest. */
export const PREVIEW_CHARACTERS = 140;

type Announced = NonNullable<Awaited<ReturnType<PushQueueRepo['findMessageToAnnounce']>>>['message'];

/**
 * The notification of a new message for its recipient: the recipient's own vehicle and a preview of the
 * text (ADDENDUM §1), or, when the owner turned previews off, only that a message came. Nothing of who
 * wrote: not their vehicle, account, name or address.
 */
export function presentMessageNotification(
  message: Announced,
  unreadCount: number,
  options: { showPreview: boolean } = { showPreview: true },
): PushPayload {
  const recipientIsOne = message.senderSide === 'two';
  const vehicle = recipientIsOne
    ? {
        displayName: message.oneDisplayName,
        year: message.oneYear,
        make: message.oneMake,
        model: message.oneModel,
        plate: message.onePlate,
      }
    : {
        displayName: message.twoDisplayName,
        year: message.twoYear,
        make: message.twoMake,
        model: message.twoModel,
        plate: message.twoPlate,
      };
  const vehicleName = vehicleLabel(vehicle);
  const text = [...message.content];
  const preview =
    text.length > PREVIEW_CHARACTERS ? `${text.slice(0, PREVIEW_CHARACTERS - 1).join('')}…` : message.content;
  return {
    title: vehicleName
      ? `New message for your ${vehicleName}${vehicle.plate ? ` (${vehicle.plate})` : ''}`
      : 'New message',
    body: options.showPreview ? preview : notificationPreferencesTexts.hiddenPreview,
    tag: `conversation-${message.conversationId}`,
    url: `/conversations?open=${encodeURIComponent(message.conversationId)}`,
    conversationId: message.conversationId,
    unreadCount,
  };
}
