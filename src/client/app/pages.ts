import { type ComponentType, lazy } from 'react';

/**
 * Every screen is its own chunk, loaded when its route first renders (the router's Suspense shows a spinner
 * meanwhile): the first load of a page carries only the shell and that page, not the whole app. Each
 * loader names the page's module once, so the build splits there and the service worker precaches the chunk.
 */
function page<Module, Props>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): ComponentType<Props> {
  return lazy(async () => ({ default: pick(await load()) })) as ComponentType<Props>;
}

const auth = () => import('../pages/auth.js');
const blockedUsers = () => import('../pages/blocked-users.js');
const conversations = () => import('../pages/conversations.js');
const emailVerification = () => import('../pages/email-verification.js');
const help = () => import('../pages/help.js');
const home = () => import('../pages/home.js');
const landing = () => import('../pages/landing.js');
const licensePlate = () => import('../pages/license-plate.js');
const messageSuccess = () => import('../pages/message-success.js');
const notFound = () => import('../pages/not-found.js');
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
export const ConversationsSignInRequired = page(
  conversations,
  (module) => module.ConversationsSignInRequired,
);
export const EmailVerificationPage = page(emailVerification, (module) => module.EmailVerificationPage);
export const HelpPage = page(help, (module) => module.HelpPage);
export const HomePage = page(home, (module) => module.HomePage);
export const LandingPage = page(landing, (module) => module.LandingPage);
export const LicensePlatePage = page(licensePlate, (module) => module.LicensePlatePage);
export const MessageSuccessPage = page(messageSuccess, (module) => module.MessageSuccessPage);
export const NotFoundPage = page(notFound, (module) => module.NotFoundPage);
export const ProfilePage = page(profile, (module) => module.ProfilePage);
export const QrCodePage = page(qrCode, (module) => module.QrCodePage);
export const QrScannerPage = page(qrScanner, (module) => module.QrScannerPage);
export const ResetPasswordPage = page(resetPassword, (module) => module.ResetPasswordPage);
export const SendMessagePage = page(sendMessage, (module) => module.SendMessagePage);
export const SettingsPage = page(settings, (module) => module.SettingsPage);
export const SettingsSignedOut = page(settings, (module) => module.SettingsSignedOut);
export const ServiceUnavailablePage = page(serviceUnavailable, (module) => module.ServiceUnavailablePage);
export const VehicleEditPage = page(vehicleEdit, (module) => module.VehicleEditPage);
export const VehicleFoundPage = page(vehicleFound, (module) => module.VehicleFoundPage);
export const VehicleQrPage = page(vehicleFound, (module) => module.VehicleQrPage);
export const VehicleFoundByQrPage = page(vehicleFound, (module) => module.VehicleFoundByQrPage);
export const VehicleManagementPage = page(vehicleManagement, (module) => module.VehicleManagementPage);
export const VehicleSetupPage = page(vehicleSetup, (module) => module.VehicleSetupPage);
export const VehicleThemePage = page(vehicleTheme, (module) => module.VehicleThemePage);
export const VehicleThemeSignInRequired = page(vehicleTheme, (module) => module.VehicleThemeSignInRequired);

/**
 * A cold start at / draws Home or the landing page once the session is read; fetch the likely one meanwhile
 * (the session hint cookie says whether a session cookie was set), so the page's chunk and the session
 * answer travel together instead of one after the other (docs/decisions/0105-first-paint.md).
 */
export function preloadFirstPage(path: string, hasSessionHint: boolean): void {
  if (path === '/') void (hasSessionHint ? home() : landing()).catch(() => undefined);
}
