import { type OwnerStatusCode, ownerStatusTexts } from '../../shared/messaging/status.contract.js';
import {
  notificationPreferencesTexts,
  type PushAction,
  type PushPayload,
} from '../../shared/push/push.contract.js';
import { vehicleLabel } from '../../shared/vehicles/label.js';
import { newMessageMail } from '../mail/templates.js';
import type { MessageNotice, NoticeVehicle } from '../ports.js';
import { pushNoticeTexts } from './texts.js';

/** A notification shows this much of a message; the app shows the rest. */
export const PREVIEW_CHARACTERS = 140;

/*
 * Everything here is built in the language of the moment: its callers run it in the recipient's
 * (`withLocale(await accounts.localeOf(recipient), ...)`, docs/decisions/0164).
 */

/** "New message for your {vehicle} ({plate})": the recipient's own vehicle, as a push and a mail name it. */
export function newMessageTitle(vehicle: NoticeVehicle): string {
  const vehicleName = vehicleLabel(vehicle);
  if (!vehicleName) return pushNoticeTexts.newMessage;
  return vehicle.licensePlate
    ? pushNoticeTexts.newMessageForPlate({ vehicle: vehicleName, plate: vehicle.licensePlate })
    : pushNoticeTexts.newMessageFor({ vehicle: vehicleName });
}

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

/** The answers' buttons, in the language of the moment. */
const answerActions = (): PushAction[] =>
  NOTIFICATION_ANSWERS.map((code) => ({ action: code, title: ownerStatusTexts[code] }));

/**
 * The notification of a new message for its recipient: the recipient's own vehicle and a preview of the
 * text (ADDENDUM §1), or, when the owner turned previews off, only that a message came. Nothing of who
 * wrote: not their vehicle, account, name or address. To the owner of the vehicle written to, the one-tap
 * answers as its buttons; never to the sender, who has nothing to answer with them.
 */
export function presentMessageNotification(
  notice: MessageNotice,
  options: { showPreview: boolean; silent?: boolean } = { showPreview: true },
): PushPayload {
  const text = [...notice.content];
  const preview =
    text.length > PREVIEW_CHARACTERS ? `${text.slice(0, PREVIEW_CHARACTERS - 1).join('')}…` : notice.content;
  return {
    title: newMessageTitle(notice.recipientVehicle),
    body: options.showPreview ? preview : notificationPreferencesTexts.hiddenPreview,
    tag: `conversation-${notice.conversationId}`,
    url: `/conversations/${encodeURIComponent(notice.conversationId)}`,
    conversationId: notice.conversationId,
    unreadCount: notice.unreadCount,
    ...(notice.recipientIsOwner ? { actions: answerActions() } : {}),
    // In the recipient's quiet hours, unless urgent (decided by the caller): no sound, no vibration.
    ...(options.silent ? { silent: true } : {}),
  };
}

/**
 * The e-mail of a message no notification delivered (issue 32, docs/decisions/0145), to the owner's
 * verified address: the push's title, the whole text only when the owner shows previews, a link to the
 * conversation. Nothing of who wrote.
 */
export function presentFallbackMail(
  to: string,
  notice: MessageNotice,
  options: { showPreview: boolean; appOrigin: string },
) {
  return newMessageMail(to, {
    subject: newMessageTitle(notice.recipientVehicle),
    text: options.showPreview ? notice.content : notificationPreferencesTexts.hiddenPreview,
    isPreview: options.showPreview,
    settingName: notificationPreferencesTexts.emailFallback,
    link: `${options.appOrigin}/conversations/${encodeURIComponent(notice.conversationId)}`,
  });
}

/**
 * The second notification of a message its sender asked to send again (issue 32, "Notify again"): the same
 * notification, its title saying it is a reminder; it alerts again (same tag, renotify) at high urgency.
 */
export function presentReminder(notification: PushPayload): PushPayload {
  return { ...notification, title: pushNoticeTexts.reminder({ title: notification.title }) };
}
