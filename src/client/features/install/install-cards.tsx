/** Settings' mobile-only install banner (spec §2 Settings). */
export function MobileInstallBanner() {
  return null;
}

/** Settings' Install App card: the install button and manual instructions (spec §2 Settings). */
export function InstallAppCard() {
  return null;
}
