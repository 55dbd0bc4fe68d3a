/** When the install prompts show (spec §4 Install prompt, §6 mobile detection, §9 delays). */

/** Spec §9: the install prompt shows 3 s after the browser offered installation. */
export const INSTALL_PROMPT_DELAY_MS = 3_000;
/** Spec §9: the iOS instructions show 5 s after load. */
export const IOS_INSTRUCTIONS_DELAY_MS = 5_000;

/** Spec §6: mobile detection is by user agent. */
const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent);
}

/** Chrome, Firefox, Edge, Opera, Google's app and in-app browsers on iOS: WebKit, but not Safari. */
const OTHER_IOS_BROWSERS =
  /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|YaBrowser|GSA\/|DuckDuckGo|FBAN|FBAV|Instagram|Line\//;

/**
 * Safari on iPhone, iPad or iPod. iPadOS Safari says "Macintosh" by default: a Mac with a touch screen is an
 * iPad (`maxTouchPoints`, navigator.maxTouchPoints).
 */
export function isIosSafari(userAgent: string, maxTouchPoints = 0): boolean {
  const isIosDevice =
    /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return (
    isIosDevice &&
    /AppleWebKit/.test(userAgent) &&
    /Safari\//.test(userAgent) &&
    !OTHER_IOS_BROWSERS.test(userAgent)
  );
}

export interface InstallOverlayState {
  /** The browser's offer is kept (Android and desktop Chromium). */
  hasOffer: boolean;
  offeredAt: number | null;
  isInstalled: boolean;
  isDismissedForSession: boolean;
  /** The cookie banner waits for an answer at the same place: the overlay comes after it. */
  isConsentPending: boolean;
}

/** Spec §4: when the install overlay shows (Date.now() time), or null while it must not. */
export function installOverlayDueAt(state: InstallOverlayState): number | null {
  if (!state.hasOffer || state.offeredAt === null) return null;
  if (state.isInstalled || state.isDismissedForSession || state.isConsentPending) return null;
  return state.offeredAt + INSTALL_PROMPT_DELAY_MS;
}

export interface IosInstructionsState {
  userAgent: string;
  maxTouchPoints: number;
  /** When the app loaded (Date.now() time). */
  startedAt: number;
  isInstalled: boolean;
  isDismissed: boolean;
  /** As for the overlay: after the cookie banner's answer. */
  isConsentPending: boolean;
}

/** Spec §4: when the iOS Add to Home Screen instructions show, or null while they must not. */
export function iosInstructionsDueAt(state: IosInstructionsState): number | null {
  if (state.isInstalled || state.isDismissed || state.isConsentPending) return null;
  if (!isIosSafari(state.userAgent, state.maxTouchPoints)) return null;
  return state.startedAt + IOS_INSTRUCTIONS_DELAY_MS;
}

/** Calls `onDue` once `dueAt` (Date.now() time) has come; at once if it has. Returns the cancel. */
export function onceDue(dueAt: number, onDue: () => void): () => void {
  const timer = setTimeout(onDue, Math.max(0, dueAt - Date.now()));
  return () => clearTimeout(timer);
}
