import { type ComponentType, lazy } from 'react';
import type { ClientPart } from '../../shared/i18n/catalogs.js';
import { isVehicleCode } from '../features/finder/scan-code.js';
import { prefetchVehicleByQrCode } from '../features/finder/vehicle-reads.js';
import { catalogueReady } from '../lib/i18n.js';
import { queryClient } from '../lib/query-client.js';

/**
 * Every screen is its own chunk, loaded when its route first renders (the router's Suspense shows a spinner
 * meanwhile): the first load of a page carries only the shell and that page, not the whole app. Each
 * loader names the page's module once, so the build splits there and the service worker precaches the chunk.
 * Each also waits for its part of the language's catalogue (lib/i18n.ts, shared/i18n/catalogs.ts): a first
 * screen's (landing, finder, owner) is small; the others wait for the whole, which is on its way by then.
 */
function page<Module, Props>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
  part: ClientPart = 'all',
): ComponentType<Props> {
  return lazy(async () => {
    const [module] = await Promise.all([load(), catalogueReady(part)]);
    return { default: pick(module) };
  }) as ComponentType<Props>;
}

const auth = () => import('../pages/auth.js');
const blockedUsers = () => import('../pages/blocked-users.js');
const conversations = () => import('../pages/conversations.js');
const conversationChat = () => import('../pages/conversation-chat.js');
const emailVerification = () => import('../pages/email-verification.js');
const help = () => import('../pages/help.js');
const home = () => import('../pages/home.js');
const landing = () => import('../pages/landing.js');
const licensePlate = () => import('../pages/license-plate.js');
const messageSuccess = () => import('../pages/message-success.js');
const messageStatus = () => import('../pages/message-status.js');
const notFound = () => import('../pages/not-found.js');
const printSticker = () => import('../pages/print-sticker.js');
const profile = () => import('../pages/profile.js');
const qrCode = () => import('../pages/qr-code.js');
const qrScanner = () => import('../pages/qr-scanner.js');
const resetPassword = () => import('../pages/reset-password.js');
const sendMessage = () => import('../pages/send-message.js');
const settings = () => import('../pages/settings.js');
const serviceUnavailable = () => import('../pages/service-unavailable.js');
const vehicleEdit = () => import('../pages/vehicle-edit.js');
const vehicleFound = () => import('../pages/vehicle-found.js');
const vehicleManagement = () => import('../pages/vehicle-management.js');
const vehicleSetup = () => import('../pages/vehicle-setup.js');
const vehicleTheme = () => import('../pages/vehicle-theme.js');

export const AuthPage = page(auth, (module) => module.AuthPage);
export const BlockedUsersPage = page(blockedUsers, (module) => module.BlockedUsersPage);
export const ConversationsPage = page(conversations, (module) => module.ConversationsPage);
export const ConversationChatPage = page(conversationChat, (module) => module.ConversationChatPage);
export const ConversationsSignInRequired = page(
  conversations,
  (module) => module.ConversationsSignInRequired,
);
export const EmailVerificationPage = page(emailVerification, (module) => module.EmailVerificationPage);
export const HelpPage = page(help, (module) => module.HelpPage);
export const HomePage = page(home, (module) => module.HomePage, 'owner');
export const LandingPage = page(landing, (module) => module.LandingPage, 'landing');
export const LicensePlatePage = page(licensePlate, (module) => module.LicensePlatePage, 'landing');
export const MessageSuccessPage = page(messageSuccess, (module) => module.MessageSuccessPage, 'landing');
export const MessageStatusPage = page(messageStatus, (module) => module.MessageStatusPage, 'landing');
export const NotFoundPage = page(notFound, (module) => module.NotFoundPage, 'landing');
export const PrintStickerPage = page(printSticker, (module) => module.PrintStickerPage);
export const ProfilePage = page(profile, (module) => module.ProfilePage);
export const QrCodePage = page(qrCode, (module) => module.QrCodePage);
export const QrScannerPage = page(qrScanner, (module) => module.QrScannerPage, 'landing');
export const ResetPasswordPage = page(resetPassword, (module) => module.ResetPasswordPage);
export const SendMessagePage = page(sendMessage, (module) => module.SendMessagePage, 'finder');
export const SettingsPage = page(settings, (module) => module.SettingsPage);
export const SettingsSignedOut = page(settings, (module) => module.SettingsSignedOut);
export const ServiceUnavailablePage = page(serviceUnavailable, (module) => module.ServiceUnavailablePage);
export const VehicleEditPage = page(vehicleEdit, (module) => module.VehicleEditPage);
export const VehicleFoundPage = page(vehicleFound, (module) => module.VehicleFoundPage, 'finder');
export const VehicleQrPage = page(vehicleFound, (module) => module.VehicleQrPage, 'finder');
export const VehicleShortCodePage = page(vehicleFound, (module) => module.VehicleShortCodePage, 'finder');
export const VehicleFoundByQrPage = page(vehicleFound, (module) => module.VehicleFoundByQrPage, 'finder');
export const VehicleManagementPage = page(vehicleManagement, (module) => module.VehicleManagementPage);
export const VehicleSetupPage = page(vehicleSetup, (module) => module.VehicleSetupPage);
export const VehicleThemePage = page(vehicleTheme, (module) => module.VehicleThemePage);
export const VehicleThemeSignInRequired = page(vehicleTheme, (module) => module.VehicleThemeSignInRequired);

/** A QR sticker's link, /vehicle/qr/{code}, and the same as /vehicle-found?qr={code} (router.tsx). */
const QR_LINK_PATH = /^\/vehicle\/qr\/([^/]+)$/;

/**
 * A cold start fetches what its first screen needs while the session is read, so the page's chunk, its data
 * and the session answer travel together instead of one after the other (docs/decisions/0105-first-paint.md,
 * 0110-first-screen-reads.md). At /, Home or the landing page: the session hint cookie says whether a
 * session cookie was set. At a QR link (a passer-by who scanned a sticker), Vehicle found and the vehicle.
 */
/** The finder's pages (router.tsx): a QR link, a short code, Vehicle found, Send Message. */
const FINDER_PATHS = /^\/(vehicle\/qr\/|c\/|vehicle-found(\/|$)|message\/)/;
/** The scanner and the plate search, whose words travel with the landing page's. */
const LANDING_PATHS = /^\/(qr-scanner|license-plate)$/;

/** The part of the language's catalogue the first page waits for (page() above; lib/i18n.ts). */
export function firstPagePart(
  location: { pathname: string; search: string },
  hasSessionHint: boolean,
): ClientPart {
  const { pathname } = location;
  if (pathname === '/') return hasSessionHint ? 'owner' : 'landing';
  if (FINDER_PATHS.test(pathname)) return 'finder';
  return LANDING_PATHS.test(pathname) ? 'landing' : 'all';
}

export function preloadFirstPage(location: { pathname: string; search: string }, hasSessionHint: boolean) {
  const { pathname, search } = location;
  if (pathname === '/') {
    void (hasSessionHint ? home() : landing()).catch(() => undefined);
    return;
  }
  const qrCode =
    QR_LINK_PATH.exec(pathname)?.[1] ??
    (pathname === '/vehicle-found' ? new URLSearchParams(search).get('qr') : null);
  if (qrCode && isVehicleCode(qrCode)) {
    void vehicleFound().catch(() => undefined);
    prefetchVehicleByQrCode(queryClient, qrCode);
  }
}
