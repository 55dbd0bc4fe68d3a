/** Settings' Push Notifications card (spec §2 Settings, §4 Push status badge). */
export function PushNotificationsCard() {
  return null;
}
