import { notificationPreferencesTexts, type PushPayload } from '../../shared/push/push.contract.js';
import { vehicleLabel } from '../../shared/vehicles/label.js';
import type { MessageNotice } from '../ports.js';

/** A notification shows this much of a message; the app shows the rest. */
export const PREVIEW_CHARACTERS = 140;

/**
 * The notification of a new message for its recipient: the recipient's own vehicle and a preview of the
 * text (ADDENDUM §1), or, when the owner turned previews off, only that a message came. Nothing of who
 * wrote: not their vehicle, account, name or address.
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
  };
}

/**
 * The second notification of a message its sender asked to send again (issue 32, "Notify again"): the same
 * notification, its title saying it is a reminder; it alerts again (same tag, renotify) at high urgency.
 */
export function presentReminder(notification: PushPayload): PushPayload {
  return { ...notification, title: `Reminder: ${notification.title}` };
}
