/**
 * Mounted once in the app shell (its own chunk): the install prompt overlay and the iOS Add to Home
 * Screen instructions (spec §2 Overlays and banners, §4 Install prompt).
 */
export function InstallPrompts() {
  return null;
}
