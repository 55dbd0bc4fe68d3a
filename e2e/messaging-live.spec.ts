import { maskEmail } from '../src/shared/messaging/blocks.contract.js';
import { messageTexts } from '../src/shared/messaging/messages.contract.js';
import { expect, registerVehicle, test } from './fixtures/vehicles.js';
import { BlockedUsersPage } from './pages/blocked-users-page.js';
import { ConversationsPage } from './pages/conversations-page.js';
import { LicensePlatePage } from './pages/license-plate-page.js';
import { SendMessagePage } from './pages/send-message-page.js';
import { closeToast, toast } from './pages/toasts.js';
import { VehicleFoundPage } from './pages/vehicle-found-page.js';

// Well inside every polling fallback (the unread count's is 30 s; the conversation screens have none): what
// arrives within this came over the realtime socket.
const LIVE_MS = 5_000;

test('two phones: a message and its reply arrive live, the owner blocks the sender, and unblocks them', async ({
  page,
  vehicle,
  sender,
}) => {
  // Two phones through a send, a reply, a block, Blocked Users and an unblock: over a minute on a busy machine
  // (a CI run timed out at 60 s on its last step, both tries, with every step before it passing).
  test.slow();
  const owner = new ConversationsPage(page);
  const senderChat = new ConversationsPage(sender.page);
  await registerVehicle(sender.page.request, { make: 'Honda', model: 'Civic', year: '2019' });

  // The owner has Conversations open, empty.
  await owner.goto();
  await expect(page.getByText('No conversations yet')).toBeVisible();

  // The sender finds the owner's vehicle by its plate and writes, signed in, as their Honda.
  const lookup = new LicensePlatePage(sender.page);
  await lookup.goto();
  await lookup.search(vehicle.licensePlate);
  await new VehicleFoundPage(sender.page).expectShown(vehicle.licensePlate);
  await sender.page.getByRole('link', { name: 'Send Message' }).click();
  const send = new SendMessagePage(sender.page);
  await send.expectShown(vehicle.licensePlate);
  await send.chooseQuickMessage('Your lights are on');
  // Anonymous unless the sender chooses otherwise (ADDENDUM §11): here they choose their Honda.
  await expect(sender.page.getByRole('radio', { name: 'Send anonymously' })).toBeChecked();
  await send.sendAs(/Send as my Family Camry/);
  await expect(
    sender.page.getByText(/The owner sees your 2019 Honda Civic, [A-Z]+-\d+: never your name or email/),
  ).toBeVisible();
  await send.submit();
  await send.expectSent();

  // It appears on the owner's open screen without a reload.
  const row = owner.row(/2019 Honda Civic/);
  await expect(row).toContainText('Your lights are on', { timeout: LIVE_MS });
  await expect(row).toContainText('1 unread');
  await owner.screenshot('messaging-live-new-message');

  // The sender opens the chat; the owner opens it too and replies; the reply reaches the sender's open chat.
  await senderChat.goto();
  await senderChat.open(/2020 Toyota Camry/);
  await expect(senderChat.message('Your lights are on')).toBeVisible();
  await owner.open(/2019 Honda Civic/);
  await owner.sendReply('Thanks, on my way');
  await expect(senderChat.message('Thanks, on my way')).toBeVisible({ timeout: LIVE_MS });
  // Read where it arrived: the open chat takes it as read, so no unread badge lingers.
  await expect(sender.page.getByTestId('unread-badge')).toHaveCount(0);
  await senderChat.screenshot('messaging-live-reply');

  // The owner blocks the sender through the chat's menu.
  await owner.openConversationMenu();
  await owner.screenshot('messaging-live-conversation-menu');
  await owner.choose('Block sender');
  await owner.confirm('Block');
  await expect(toast(page, 'Sender blocked')).toBeVisible();
  await expect(owner.blockedNotice).toContainText('You blocked this sender.');

  // The sender's next message to that vehicle is refused with the spec's text.
  await sender.page.goto(`/message/${vehicle.id}`);
  await send.expectShown(vehicle.licensePlate);
  await send.chooseQuickMessage('Emergency - please move your car');
  await send.sendAs(/Send as my Family Camry/);
  await send.submit();
  await expect(toast(sender.page, messageTexts.userBlocked)).toBeVisible();
  await expect(sender.page).toHaveURL(/\/message\//);

  // The owner finds them under Blocked Users, by their vehicle and a masked address, and unblocks them.
  const blockedUsers = new BlockedUsersPage(page);
  await blockedUsers.goto();
  await expect(blockedUsers.list.getByRole('listitem')).toHaveCount(1);
  const entry = blockedUsers.entry('2019 Honda Civic');
  await expect(entry).toContainText(maskEmail(sender.account.email));
  await expect(entry).not.toContainText(sender.account.email);
  await blockedUsers.screenshot('messaging-live-blocked-users');
  await blockedUsers.unblock('2019 Honda Civic');
  await expect(blockedUsers.empty).toBeVisible();
  await closeToast(page, 'Sender unblocked');
  await blockedUsers.screenshot('messaging-live-blocked-users-empty');

  // The sender presses Send again, on the same screen: it goes through now.
  await send.submit();
  await send.expectSent();
  await owner.goto();
  await expect(owner.row(/2019 Honda Civic/)).toContainText('Emergency - please move your car');
});
