import type { APIRequestContext, Page } from '@playwright/test';
import { messageTexts } from '../src/shared/messaging/messages.contract.js';
import { originHeader } from './fixtures/origin.js';
import { expect, test } from './fixtures/vehicles.js';
import { AuthPage } from './pages/auth-page.js';
import { BlockedUsersPage } from './pages/blocked-users-page.js';
import { ProfilePage } from './pages/profile-page.js';
import { closeToast, toast } from './pages/toasts.js';

/** A signed-out visitor writes to the vehicle; answers the status of the send. */
async function visitorWrites(visitor: APIRequestContext, vehicleId: string, content: string) {
  const sent = await visitor.post('/api/messages/anonymous', {
    headers: originHeader(),
    data: { vehicleId, content },
  });
  return { status: sent.status(), body: await sent.json() };
}

/** The owner blocks the sender of their only conversation, through the API; answers the block's id. */
async function blockOnlySender(page: Page): Promise<string> {
  const [conversation] = await (await page.request.get('/api/conversations')).json();
  const blocked = await page.request.post('/api/block', {
    headers: originHeader(),
    data: { conversationId: conversation.id },
  });
  expect(blocked.status(), await blocked.text()).toBe(201);
  const [block] = await (await page.request.get('/api/blocked-users')).json();
  return block.id;
}

test('the owner finds a blocked visitor under Profile, Blocked Users, unblocks them, and the visitor can write again', async ({
  page,
  vehicle,
  playwright,
  baseURL,
}) => {
  const visitor = await playwright.request.newContext({ baseURL });
  expect((await visitorWrites(visitor, vehicle.id, 'Your lights are on')).status).toBe(201);
  await blockOnlySender(page);
  expect(await visitorWrites(visitor, vehicle.id, 'Hello again')).toEqual({
    status: 403,
    body: expect.objectContaining({ message: messageTexts.userBlocked }),
  });

  const profile = new ProfilePage(page);
  await profile.goto();
  await profile.screenshot('blocks-profile');
  await page.getByRole('link', { name: 'Blocked Users' }).click();
  const blockedUsers = new BlockedUsersPage(page);
  await blockedUsers.expectShown();
  const entry = blockedUsers.entry('Anonymous sender');
  await expect(entry).toContainText(`Blocked ${new Date().toLocaleDateString('en-US')}`);
  await expect(blockedUsers.list.getByRole('listitem')).toHaveCount(1);
  await blockedUsers.screenshot('blocks-blocked-users');

  await blockedUsers.unblock('Anonymous sender');
  await expect(toast(page, 'Sender unblocked')).toBeVisible();
  await expect(blockedUsers.empty).toBeVisible();
  await expect(blockedUsers.list).toHaveCount(0);
  // The row went with the pressed button: focus lands on the empty state, not on <body>.
  await expect(blockedUsers.empty).toBeFocused();
  await closeToast(page, 'Sender unblocked');
  await blockedUsers.screenshot('blocks-blocked-users-empty');

  expect((await visitorWrites(visitor, vehicle.id, 'Hello again')).status).toBe(201);
  await visitor.dispose();
});

test("an unblock the server refuses shows the spec's text, and the list is read again", async ({
  page,
  vehicle,
  playwright,
  baseURL,
}) => {
  const visitor = await playwright.request.newContext({ baseURL });
  expect((await visitorWrites(visitor, vehicle.id, 'Your window is open')).status).toBe(201);
  await visitor.dispose();
  const blockId = await blockOnlySender(page);

  const blockedUsers = new BlockedUsersPage(page);
  await blockedUsers.goto();
  await expect(blockedUsers.entry('Anonymous sender')).toBeVisible();
  // Unblocked meanwhile on another device: this screen's Unblock now names a block that is gone.
  const removed = await page.request.delete(`/api/block/${blockId}`, { headers: originHeader() });
  expect(removed.status()).toBe(200);

  await blockedUsers.unblock('Anonymous sender');
  await expect(toast(page, 'Failed to unblock user. Please try again.')).toBeVisible();
  await expect(blockedUsers.empty).toBeVisible();
});

test('a visitor who never signed in and opens Blocked Users is asked to sign in, and returns there after', async ({
  page,
  account,
}) => {
  // The toast is on screen for 500 ms before the page goes to sign-in: a busy machine can miss that window,
  // so the page itself notes every toast it shows (kept in the tab's session storage across the navigation).
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const shown = document.querySelector('[role="region"][aria-label^="Notifications"]')?.textContent;
      if (shown)
        sessionStorage.setItem('toastsShown', `${sessionStorage.getItem('toastsShown') ?? ''}|${shown}`);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto('/blocked-users');
  const auth = new AuthPage(page);
  await auth.expectTab('Sign In');
  await expect(page).toHaveURL(/\/auth\?mode=login&next=%2Fblocked-users$/);
  const shown = await page.evaluate(() => sessionStorage.getItem('toastsShown'));
  // Never signed in here: not "You are logged out" (spec §8's words are for a session that ended).
  expect(shown).toContain('Sign in required');
  expect(shown).not.toContain('You are logged out');
  await auth.login(account);
  await expect(page).toHaveURL(/\/blocked-users$/);
});
