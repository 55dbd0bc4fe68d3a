import { originHeader } from './fixtures/origin.js';
import { expect, test } from './fixtures/vehicles.js';
import { SettingsPage } from './pages/settings-page.js';

test('privacy mode hides message text in the conversation lists, and the chat still shows it', async ({
  page,
  vehicle,
  playwright,
  baseURL,
}) => {
  const visitor = await playwright.request.newContext({ baseURL });
  const sent = await visitor.post('/api/messages/anonymous', {
    headers: originHeader(),
    data: { vehicleId: vehicle.id, content: 'Your boot is open' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await visitor.dispose();

  await page.goto('/');
  await expect(page.getByText('Your boot is open')).toBeVisible();

  const settings = new SettingsPage(page);
  await settings.goto();
  const privacyMode = page.getByRole('switch', { name: 'Privacy mode' });
  await privacyMode.click();
  await expect(privacyMode).toHaveAttribute('aria-checked', 'true');

  await page.goto('/');
  await expect(page.getByText('Message hidden in privacy mode')).toBeVisible();
  await expect(page.getByText('Your boot is open')).toHaveCount(0);
  await page.goto('/conversations');
  await expect(page.getByText('Message hidden in privacy mode')).toBeVisible();
  await page.getByText('Message hidden in privacy mode').click();
  await expect(page.getByText('Your boot is open')).toBeVisible();

  await settings.goto();
  await privacyMode.click();
  await page.goto('/');
  await expect(page.getByText('Your boot is open')).toBeVisible();
});
