/** Profile's Notifications entry (spec §2 Profile): tap to enable or test; its five states. */
export function NotificationsEntry() {
  return null;
}
