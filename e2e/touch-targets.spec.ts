import { randomUUID } from 'node:crypto';
import { SAMPLE_VEHICLE } from '../src/shared/vehicles/index.js';
import { answeredPromptsState } from './fixtures/answered-prompts.js';
import { originHeader } from './fixtures/origin.js';
import { expectTouchTargets, overflowOf } from './fixtures/touch-targets.js';
import { expect, registerVehicle, test } from './fixtures/vehicles.js';
import { AddVehiclePage } from './pages/add-vehicle-page.js';
import { AuthPage } from './pages/auth-page.js';
import { BlockedUsersPage } from './pages/blocked-users-page.js';
import { ConversationsPage } from './pages/conversations-page.js';
import { EditVehiclePage } from './pages/edit-vehicle-page.js';
import { HomePage } from './pages/home-page.js';
import { LandingPage } from './pages/landing-page.js';
import { LicensePlatePage } from './pages/license-plate-page.js';
import { MessageStatusPage } from './pages/message-status-page.js';
import { MyVehiclesPage } from './pages/my-vehicles-page.js';
import { NotFoundPage } from './pages/not-found-page.js';
import { ProfilePage } from './pages/profile-page.js';
import { QrCodePage } from './pages/qr-code-page.js';
import { QrScannerPage } from './pages/qr-scanner-page.js';
import { ResetPasswordPage } from './pages/reset-password-page.js';
import { SettingsPage } from './pages/settings-page.js';
import { SignInRequiredPage } from './pages/sign-in-required-page.js';
import { toastCard } from './pages/toasts.js';
import { VehicleFoundPage } from './pages/vehicle-found-page.js';
import { VehicleThemePage } from './pages/vehicle-theme-page.js';
import { VerificationPage } from './pages/verification-page.js';

// Each journey walks the built screens on a 390x844 phone (playwright.config.ts) and measures every visible
// button, link, [role=button] and checkbox (e2e/fixtures/touch-targets.ts says what is not a target).

test('every touch target a visitor meets is at least 44x44 px', async ({ page }) => {
  const auth = new AuthPage(page);
  const scanner = new QrScannerPage(page);
  const found = new VehicleFoundPage(page);
  const lookup = new LicensePlatePage(page);

  await new LandingPage(page).goto();
  await expectTouchTargets(page, 'Landing');

  await auth.goto('register');
  await expectTouchTargets(page, 'Sign Up');
  await auth.goto('login');
  await expectTouchTargets(page, 'Sign In (Remember me, Forgot your password?)');
  const forgotPassword = await auth.openForgotPassword();
  await expectTouchTargets(page, 'the Forgot your password dialog');
  await forgotPassword.cancel();

  await new ResetPasswordPage(page).open('/reset-password?token=not-a-real-token');
  await expectTouchTargets(page, 'Reset Password');

  await lookup.goto();
  await lookup.search('AB$12');
  await expect(toastCard(page, 'Invalid License Plate')).toBeVisible();
  await expectTouchTargets(page, 'Find Vehicle, with a toast (close button)');

  await scanner.failCamera();
  await scanner.goto();
  await scanner.expectCameraProblem('Failed to start camera. Please allow camera access.');
  await expectTouchTargets(page, 'Scan QR Code, camera failed');

  await page.goto(`/vehicle-found/${SAMPLE_VEHICLE.id}`);
  await found.expectShown(SAMPLE_VEHICLE.licensePlate);
  await found.expectReplyPrompt();
  await expectTouchTargets(page, 'Vehicle Found, signed out');

  await page.goto(`/vehicle-theme/${randomUUID()}`);
  await new SignInRequiredPage(page).expectShown("Please sign in to customize your vehicle's theme.");
  await expectTouchTargets(page, 'Sign In Required');

  await new NotFoundPage(page).goto('/no/such/page');
  await expectTouchTargets(page, 'Page Not Found');
});

test('every touch target of the email verification screen is at least 44x44 px', async ({
  page,
  newAccount,
}) => {
  // Signed up and signed in, not verified: the verification screen replaces every other.
  const registered = await page.request.post('/api/auth/register', {
    headers: originHeader(),
    data: newAccount,
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const signedIn = await page.request.post('/api/auth/login', {
    headers: originHeader(),
    data: { email: newAccount.email, password: newAccount.password, rememberMe: false },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);

  await page.goto('/');
  await new VerificationPage(page).expectShown(newAccount.email);
  await expectTouchTargets(page, 'Verify Your Email');
});

test('every touch target a signed-in owner meets is at least 44x44 px', async ({ page, vehicle }) => {
  const home = new HomePage(page);
  const myVehicles = new MyVehiclesPage(page);
  const addVehicle = new AddVehiclePage(page);
  // A second vehicle, removed, so My Vehicles shows Recently Removed too.
  const removed = await registerVehicle(page.request, { displayName: 'Old Van', vehicleType: 'van' });
  const removal = await page.request.delete(`/api/vehicles/${removed.id}`, { headers: originHeader() });
  expect(removal.ok(), await removal.text()).toBe(true);

  await home.goto();
  await home.expectVehicle(vehicle.displayName ?? '', vehicle.licensePlate);
  await expectTouchTargets(page, 'Home (avatar, tiles, QR shortcut, Manage All, bottom navigation)');

  await new ProfilePage(page).goto();
  await expectTouchTargets(
    page,
    'Profile (Settings, My Vehicles, Notifications, Blocked Users, Help & Support, About, Sign Out)',
  );

  await new SettingsPage(page).goto();
  await expectTouchTargets(page, 'Settings (Dark mode, quick messages, Log Out)');

  const blockedUsers = new BlockedUsersPage(page);
  await blockedUsers.goto();
  await expect(blockedUsers.empty).toBeVisible();
  await expectTouchTargets(page, 'Blocked Users, empty (back)');

  await myVehicles.goto();
  await expect(myVehicles.removed).toBeVisible();
  await expectTouchTargets(page, 'My Vehicles (back, add, card actions, Reactivate)');
  const dialog = await myVehicles.openRemoveDialog(vehicle.licensePlate);
  await expectTouchTargets(page, 'the Remove Vehicle dialog');
  await dialog.cancel();

  await addVehicle.goto();
  await addVehicle.make.selectOption({ label: 'Honda' });
  await addVehicle.model.selectOption({ label: 'Other / Not Listed' });
  await expect(page.getByRole('button', { name: 'Pick from the list instead' })).toBeVisible();
  await expectTouchTargets(page, 'Add Vehicle (Pick from the list instead)');

  await page.goto(`/vehicle-edit/${vehicle.id}`);
  await new EditVehiclePage(page).expectShown(vehicle);
  await expectTouchTargets(page, 'Edit Vehicle');

  await new VehicleThemePage(page).goto(vehicle.id);
  await expectTouchTargets(page, 'Vehicle Theme');

  await page.goto(`/qr-code/${vehicle.id}`);
  await new QrCodePage(page).expectShown(vehicle.licensePlate);
  await expectTouchTargets(page, 'Your QR Code');

  await page.goto(`/vehicle-found/${vehicle.id}`);
  await new VehicleFoundPage(page).expectShown(vehicle.licensePlate);
  await expectTouchTargets(page, 'Vehicle Found, signed in');

  await new NotFoundPage(page).goto('/no/such/page');
  await expectTouchTargets(page, 'Page Not Found, signed in');
});

test('every touch target of Conversations, its menus and Blocked Users is at least 44x44 px', async ({
  page,
  vehicle,
  sender,
}) => {
  const conversations = new ConversationsPage(page);
  await conversations.goto();
  await expect(page.getByText('No conversations yet')).toBeVisible();
  await expectTouchTargets(page, 'Conversations, empty (Scan QR Code, Enter License Plate)');

  const honda = await registerVehicle(sender.page.request, { make: 'Honda', model: 'Civic', year: '2019' });
  // Written as the sender's Honda (ADDENDUM §11: anonymous unless chosen).
  const sent = await sender.page.request.post('/api/messages/anonymous', {
    headers: originHeader(),
    data: { vehicleId: vehicle.id, content: 'Your lights are on', senderVehicleId: honda.id },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await conversations.goto();
  await expect(conversations.row(/2019 Honda Civic/)).toBeVisible();
  await expectTouchTargets(page, 'Conversations (a row)');
  await conversations.open(/2019 Honda Civic/);
  await conversations.sendReply('On my way');
  await expect(conversations.message('On my way')).toBeVisible();
  await expectTouchTargets(
    page,
    'a chat (back, Conversation options, Message options, one-tap answers, Send)',
  );
  await conversations.answer('On my way').click();
  await expect(conversations.answer('On my way')).toHaveAttribute('aria-pressed', 'true');
  // On the narrowest phone the one-tap answers wrap, still 44 px each, and nothing runs off the screen.
  await page.setViewportSize({ width: 320, height: 640 });
  await expectTouchTargets(page, 'a chat at 320 px (the one-tap answers wrapped, one chosen)');
  expect(await overflowOf(page, 320), 'a chat at 320 px: what runs off the side').toEqual([]);
  const rows = await conversations.answers
    .getByRole('button')
    .evaluateAll((chips) => new Set(chips.map((chip) => Math.round(chip.getBoundingClientRect().top))).size);
  expect(rows).toBeGreaterThan(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await conversations.openMessageMenu('On my way');
  await expectTouchTargets(page, 'a chat with the message menu open');
  await page.keyboard.press('Escape');
  await conversations.openConversationMenu();
  await expectTouchTargets(page, 'a chat with the conversation menu open');
  await conversations.choose('Block sender');
  await expectTouchTargets(page, 'the question Block asks first');
  await conversations.confirm('Block');
  await expect(conversations.blockedNotice).toBeVisible();
  await expectTouchTargets(page, 'a blocked chat (Unblock)');

  const blockedUsers = new BlockedUsersPage(page);
  await blockedUsers.goto();
  await expect(blockedUsers.entry('2019 Honda Civic')).toBeVisible();
  await expectTouchTargets(page, 'Blocked Users (back, Unblock)');
});

test("every touch target of a sent message's status page is at least 44x44 px, and nothing overflows at 390 or 320 px", async ({
  page,
  vehicle,
  browser,
  baseURL,
}) => {
  // A passer-by writes without an account (issue 32); their browser's cookie is what shows them the page.
  const visitor = await browser.newContext({ baseURL, storageState: answeredPromptsState(baseURL ?? '') });
  const write = async (content: string) => {
    const sent = await visitor.request.post('/api/messages/anonymous', {
      headers: originHeader(),
      data: { vehicleId: vehicle.id, content },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    return (await sent.json()) as { id: string; conversationId: string };
  };
  const finder = await visitor.newPage();
  const status = new MessageStatusPage(finder);
  const expectFits = async (what: string) => {
    for (const width of [390, 320]) {
      await finder.setViewportSize({ width, height: 844 });
      await expectTouchTargets(finder, `${what} at ${width} px`);
      expect(await overflowOf(finder, width), `${what} at ${width} px: what runs off the side`).toEqual([]);
    }
  };

  // Nothing back yet: the three steps, Notify again waiting, the answer box.
  const first = await write('Your lights are on, and the passenger window is open about a hand wide');
  await status.goto(first.id);
  await expect(status.notifyAgain).toBeDisabled();
  await expectFits('the status page, Sent (Notify again, Send, Back to Home)');

  // The owner answers with a tap and in words; the visitor answers back.
  const answered = await page.request.post(`/api/conversations/${first.conversationId}/status`, {
    headers: originHeader(),
    data: { code: 'five_minutes' },
  });
  expect(answered.status(), await answered.text()).toBe(200);
  const replied = await page.request.post(`/api/conversations/${first.conversationId}/messages`, {
    headers: originHeader(),
    data: { content: 'Thank you so much, I am on the third floor and coming down right now' },
  });
  expect(replied.status(), await replied.text()).toBe(201);
  await write('No rush, I will keep an eye on it');
  await finder.reload();
  await expect(status.ownerAnswer).toHaveText("I'll be there in 5 minutes");
  await expect(status.reply('No rush')).toBeVisible();
  await expectFits("the status page with the owner's answer and replies");

  // Another browser's message: the card that says so, with the way home.
  await new MessageStatusPage(page).goto(first.id);
  await new MessageStatusPage(page).expectNotShown();
  await expectTouchTargets(page, "a status page that can't be shown (Back to Home, bottom navigation)");
  await visitor.close();
});
