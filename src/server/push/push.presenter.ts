import { type OwnerStatusCode, ownerStatusTexts } from '../../shared/messaging/status.contract.js';
import {
  notificationPreferencesTexts,
  type PushAction,
  type PushPayload,
} from '../../shared/push/push.contract.js';
import { vehicleLabel } from '../../shared/vehicles/label.js';
import type { MessageNotice } from '../ports.js';

/** A notification shows this much of a message; the app shows the rest. */
export const PREVIEW_CHARACTERS = 140;

/**
 * The owner's one-tap answers as a notification's buttons, most useful first: Chrome shows two, and a
 * notification comes while the owner is away from the car, so the two that say they are coming lead; "Moved,
 * thanks" is said afterwards, from the chat (docs/decisions/0147-one-tap-answers.md).
 */
export const NOTIFICATION_ANSWERS: readonly OwnerStatusCode[] = [
  'on_my_way',
  'five_minutes',
  'not_mine',
  'moved',
];

const answerActions: PushAction[] = NOTIFICATION_ANSWERS.map((code) => ({
  action: code,
  title: ownerStatusTexts[code],
}));

/**
 * The notification of a new message for its recipient: the recipient's own vehicle and a preview of the
 * text (ADDENDUM §1), or, when the owner turned previews off, only that a message came. Nothing of who
 * wrote: not their vehicle, account, name or address. To the owner of the vehicle written to, the one-tap
 * answers as its buttons; never to the sender, who has nothing to answer with them.
 */
export function presentMessageNotification(
  notice: MessageNotice,
  options: { showPreview: boolean } = { showPreview: true },
): PushPayload {
  const vehicle = notice.recipientVehicle;
  const vehicleName = vehicleLabel(vehicle);
  const text = [...notice.content];
  const preview =
    text.length > PREVIEW_CHARACTERS ? `${text.slice(0, PREVIEW_CHARACTERS - 1).join('')}…` : notice.content;
  return {
    title: vehicleName
      ? `New message for your ${vehicleName}${vehicle.licensePlate ? ` (${vehicle.licensePlate})` : ''}`
      : 'New message',
    body: options.showPreview ? preview : notificationPreferencesTexts.hiddenPreview,
    tag: `conversation-${notice.conversationId}`,
    url: `/conversations/${encodeURIComponent(notice.conversationId)}`,
    conversationId: notice.conversationId,
    unreadCount: notice.unreadCount,
    ...(notice.recipientIsOwner ? { actions: answerActions } : {}),
  };
}

/**
 * The second notification of a message its sender asked to send again (issue 32, "Notify again"): the same
 * notification, its title saying it is a reminder; it alerts again (same tag, renotify) at high urgency.
 */
export function presentReminder(notification: PushPayload): PushPayload {
  return { ...notification, title: `Reminder: ${notification.title}` };
}
