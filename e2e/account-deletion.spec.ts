import fs from 'node:fs';
import { authTexts } from '../src/shared/auth/auth.contract.js';
import { messageTexts } from '../src/shared/messaging/messages.contract.js';
import { aFindersPhone } from './fixtures/finders-phone.js';
import { originHeader } from './fixtures/origin.js';
import { expect, registerVehicle, test } from './fixtures/vehicles.js';
import { AuthPage } from './pages/auth-page.js';
import { ConversationsPage } from './pages/conversations-page.js';
import { MessageStatusPage } from './pages/message-status-page.js';
import { ProfilePage } from './pages/profile-page.js';
import { toast } from './pages/toasts.js';

// Issue 33 (docs/decisions/0149): the account's data as a file, and leaving with everything in it.

test('Download my data on Profile saves a JSON file of the account', async ({ page, signedInAccount }) => {
  const vehicle = await registerVehicle(page.request);
  const profile = new ProfilePage(page);
  await profile.goto();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^vehicle-contact-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  expect(data.profile.email).toBe(signedInAccount.email);
  expect(data.vehicles.active.map((v: { licensePlate: string }) => v.licensePlate)).toEqual([
    vehicle.licensePlate,
  ]);
  // Leaves nothing behind for the next journeys.
  const deleted = await page.request.delete('/api/auth/user', {
    headers: originHeader(),
    data: { password: signedInAccount.password },
  });
  expect(deleted.status()).toBe(200);
});

test('Delete account on Profile: a wrong password changes nothing; then the account is gone, its sign-in fails and its QR code is unknown', async ({
  page,
  signedInAccount,
}) => {
  const vehicle = await registerVehicle(page.request);
  const profile = new ProfilePage(page);
  await profile.goto();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill('Not-The-Password-1');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(authTexts.deletePasswordWrong);
  await profile.screenshot('delete-account-dialog');

  await dialog.getByLabel('Password', { exact: true }).fill(signedInAccount.password);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(toast(page, 'Account deleted')).toBeVisible();

  const auth = new AuthPage(page);
  await auth.goto('login');
  await auth.login({ email: signedInAccount.email, password: signedInAccount.password });
  await expect(page.getByText(authTexts.invalidLogin).first()).toBeVisible();

  const sentHome = page.waitForURL(/\/\?error=vehicle-not-found$/);
  await page.goto(`/vehicle/qr/${encodeURIComponent(vehicle.qrCode)}`);
  await sentHome;
  await expect(toast(page, 'Vehicle Not Found')).toBeVisible();
});

test('a sender who wrote to a deleted account keeps the conversation, shown as "Deleted account", and can no longer write to it', async ({
  page,
  signedInAccount,
  sender,
}) => {
  const vehicle = await registerVehicle(page.request);
  const sent = await sender.page.request.post('/api/messages/anonymous', {
    headers: originHeader(),
    data: { vehicleId: vehicle.id, content: 'Your lights are on' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const chat = new ConversationsPage(sender.page);
  await chat.goto();
  await expect(chat.row(/2020 Toyota Camry/)).toBeVisible();

  // The owner leaves (docs/decisions/0152).
  const deleted = await page.request.delete('/api/auth/user', {
    headers: originHeader(),
    data: { password: signedInAccount.password },
  });
  expect(deleted.status()).toBe(200);

  await chat.goto();
  await expect(chat.row(/2020 Toyota Camry/)).toHaveCount(0);
  await chat.open(messageTexts.deletedAccount);
  await expect(chat.chatHeader).toContainText(messageTexts.deletedAccount);
  await expect(chat.message('Your lights are on')).toBeVisible();
  await expect(sender.page.getByText('Nobody can read a reply in this conversation.')).toBeVisible();
  await expect(chat.reply).toHaveCount(0);
  await chat.screenshot('deleted-account-sender-chat');
});

test('a visitor who wrote to a deleted account still sees their message on its status page, and that nobody can read an answer', async ({
  page,
  signedInAccount,
  browser,
  baseURL,
}) => {
  const vehicle = await registerVehicle(page.request);
  const { context, page: visitor, errors } = await aFindersPhone(browser, baseURL);
  await visitor.goto('/');
  // Written from the visitor's page, as Send Message does: its cookie is the visitor's.
  const messageId = await visitor.evaluate(async (vehicleId) => {
    const response = await fetch('/api/messages/anonymous', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ vehicleId, content: 'Your window is open' }),
    });
    return ((await response.json()) as { id: string }).id;
  }, vehicle.id);
  const status = new MessageStatusPage(visitor);
  await status.goto(messageId);
  await expect(status.answer).toBeVisible();

  const deleted = await page.request.delete('/api/auth/user', {
    headers: originHeader(),
    data: { password: signedInAccount.password },
  });
  expect(deleted.status()).toBe(200);

  await visitor.reload();
  await expect(visitor.getByText('Your window is open')).toBeVisible();
  await expect(visitor.getByTestId('recipient-deleted')).toHaveText(messageTexts.deletedAccountReply);
  await expect(status.answer).toHaveCount(0);
  await expect(status.notifyAgain).toHaveCount(0);
  await expect(visitor.getByText("The owner's replies appear here")).toHaveCount(0);
  await status.screenshot('deleted-account-visitor-status');
  await context.close();
  expect(errors, "errors the visitor's page wrote to its console").toEqual([]);
});
