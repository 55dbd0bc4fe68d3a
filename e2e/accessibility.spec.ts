import { expectAccessible } from './fixtures/axe.js';
import { receivesTapAtCentre } from './fixtures/geometry.js';
import { originHeader } from './fixtures/origin.js';
import { saveScreen } from './fixtures/screens.js';
import { expect, registerVehicle, test } from './fixtures/vehicles.js';
import { BlockedUsersPage } from './pages/blocked-users-page.js';
import { ConversationsPage } from './pages/conversations-page.js';
import { EditVehiclePage } from './pages/edit-vehicle-page.js';
import { LicensePlatePage } from './pages/license-plate-page.js';
import { SendMessagePage } from './pages/send-message-page.js';
import { SettingsPage } from './pages/settings-page.js';
import { toast } from './pages/toasts.js';
import { VehicleFoundPage } from './pages/vehicle-found-page.js';

/**
 * axe (WCAG 2.x A and AA, e2e/fixtures/axe.ts) on the screens issue 31 touched, at 390 px, in each theme: the
 * system's (the app follows it while no theme was chosen). Two browsers per theme: a finder, signed out and
 * then signed in, and the owner of the vehicles written to.
 */
for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test(`the finder's and the owner's screens have nothing axe objects to (${theme})`, async ({
      page,
      vehicle,
      sender,
    }) => {
      // Fifteen screens, each read by axe: three times the usual minute, for a busy machine.
      test.slow();
      const finder = sender.page;
      const darkClass = /(^|\s)dark(\s|$)/;
      const screen = async (on: typeof page, name: string, { save = false, fullPage = true } = {}) => {
        if (theme === 'dark') await expect(on.locator('html')).toHaveClass(darkClass);
        else await expect(on.locator('html')).not.toHaveClass(darkClass);
        await expectAccessible(on, `${name} (${theme})`);
        if (save) await saveScreen(on, `${name}-${theme}`, { fullPage });
      };
      const verifiedOnly = await registerVehicle(page.request, { displayName: 'Work car', color: 'red' });
      const { make, model, year, licensePlate, color } = verifiedOnly;
      const edited = await page.request.patch(`/api/vehicles/${verifiedOnly.id}`, {
        headers: originHeader(),
        data: { make, model, year, licensePlate, color, acceptMessagesFrom: 'verified' },
      });
      expect(edited.status(), await edited.text()).toBe(200);
      // The finder has a vehicle of their own to offer as "Send as", once signed in.
      const finderCar = await registerVehicle(finder.request, {
        make: 'Honda',
        model: 'Civic',
        year: '2019',
      });

      // The finder, signed out: the landing page, Enter a plate, Vehicle found, Send Message, Message sent.
      expect((await finder.request.post('/api/auth/logout', { headers: originHeader() })).ok()).toBe(true);
      await finder.goto('/');
      await expect(finder.getByRole('link', { name: 'Enter a License Plate' })).toBeVisible();
      await screen(finder, 'landing', { save: true });
      await finder.getByRole('link', { name: 'Enter a License Plate' }).click();
      const lookup = new LicensePlatePage(finder);
      await expect(lookup.plate).toBeVisible();
      await screen(finder, 'enter-plate');
      await lookup.search(vehicle.licensePlate);
      const found = new VehicleFoundPage(finder);
      await found.expectShown(vehicle.licensePlate);
      await found.expectReplyPrompt();
      await screen(finder, 'vehicle-found', { save: true });
      await finder.getByRole('link', { name: 'Send Message' }).click();
      const send = new SendMessagePage(finder);
      await send.expectShown(vehicle.licensePlate);
      await send.chooseQuickMessage('Your lights are on');
      await screen(finder, 'send-message-signed-out');
      await send.submit();
      await send.expectSent();
      // The message's status page (issue 32), which replaced Message Success after a real send.
      await expect(finder.getByRole('list', { name: 'What became of your message' })).toBeVisible();
      await screen(finder, 'message-status', { save: true });

      await lookup.goto();
      await lookup.search(verifiedOnly.licensePlate);
      await found.expectShown(verifiedOnly.licensePlate, { canWrite: false });
      await expect(finder.getByRole('note')).toBeVisible();
      await screen(finder, 'vehicle-found-verified-only', { save: true });

      // Signed in, the finder chooses who the owner sees.
      const signedIn = await finder.request.post('/api/auth/login', {
        headers: originHeader(),
        data: { email: sender.account.email, password: sender.account.password, rememberMe: false },
      });
      expect(signedIn.ok(), await signedIn.text()).toBe(true);
      await finder.goto(`/message/${vehicle.id}`);
      await send.expectShown(vehicle.licensePlate);
      await send.chooseQuickMessage('You left your car unlocked');
      await expect(finder.getByRole('radio', { name: 'Send anonymously' })).toBeChecked();
      await screen(finder, 'send-message-anonymously');
      await send.sendAs(/Send as my Family Camry/);
      await screen(finder, 'send-message-as');
      await send.submit();
      await send.expectSent();
      // More from them in the same thread, so that the chat scrolls under its header.
      const more = [
        'It is the rear left one',
        'Rain is coming this afternoon',
        'It is open about a hand wide',
        'I can keep an eye on it meanwhile',
        'I am at the café across the street',
        'The one with the green awning',
        'No rush, it is still dry',
        'Thanks!',
      ];
      for (const content of more) {
        const sent = await finder.request.post('/api/messages/anonymous', {
          headers: originHeader(),
          data: { vehicleId: vehicle.id, content, senderVehicleId: finderCar.id },
        });
        expect(sent.status(), await sent.text()).toBe(201);
      }

      // The owner: the list with unread threads, the chat, its menu and the Block dialog.
      const conversations = new ConversationsPage(page);
      await conversations.goto();
      const row = conversations.rowAbout(vehicle.licensePlate).filter({ hasText: '2019 Honda Civic' });
      await expect(row).toContainText('9 unread');
      await screen(page, 'list', { save: true });
      await row.click();
      await expect(conversations.message('Thanks!')).toBeInViewport();
      await conversations.sendReply('On my way, thank you');
      // The one-tap answers above the composer, one of them chosen (issue 32).
      await conversations.answer('On my way').click();
      await expect(conversations.answer('On my way')).toHaveAttribute('aria-pressed', 'true');
      // The newest message sits above the composer, not behind it.
      await expect.poll(() => receivesTapAtCentre(conversations.message('On my way, thank you'))).toBe(true);
      expect(await receivesTapAtCentre(conversations.message('Thanks!'))).toBe(true);
      await screen(page, 'chat', { save: true, fullPage: false });
      await conversations.openConversationMenu();
      await screen(page, 'chat-options');
      // The menu lets go of the page as it closes: focus returns to its button.
      await page.keyboard.press('Escape');
      await expect(conversations.menu).toBeHidden();
      await expect(conversations.conversationOptions).toBeFocused();
      // A tap beside it closes it as well, and the page takes taps again.
      await conversations.openConversationMenu();
      await page.touchscreen.tap(195, 420);
      await expect(conversations.menu).toBeHidden();
      await conversations.openConversationMenu();
      await conversations.choose('Block sender');
      await expect(page.getByRole('dialog', { name: 'Block this sender?' })).toBeVisible();
      await screen(page, 'block-confirm');
      await conversations.confirm('Block');
      // Blocked, the chat says so in place of its composer, with Unblock (decision 0139).
      await expect(toast(page, 'Sender blocked')).toBeVisible();
      await expect(conversations.blockedNotice).toBeVisible();
      await screen(page, 'chat-blocked');

      // The owner's other screens: Blocked Users (with the sender just blocked), Settings, Edit Vehicle.
      const blockedUsers = new BlockedUsersPage(page);
      await blockedUsers.goto();
      await expect(blockedUsers.entry('2019 Honda Civic')).toBeVisible();
      await screen(page, 'blocked-users');
      await new SettingsPage(page).goto();
      await screen(page, 'settings');
      await page.goto(`/vehicle-edit/${vehicle.id}`);
      await expect(page.getByRole('heading', { name: 'Edit Vehicle' })).toBeVisible();
      await expect(new EditVehiclePage(page).licensePlate).toHaveValue(vehicle.licensePlate);
      await screen(page, 'edit-vehicle');
    });
  });
}
