import { expect, test } from './fixtures/vehicles.js';
import { toastCard } from './pages/toasts.js';

// A mouse, so hover exists (the project's phone has none).
test.use({ hasTouch: false, isMobile: false });

test('icon-only buttons name themselves on hover after 700 ms, and at once right after another', async ({
  page,
  vehicle,
}) => {
  void vehicle;
  await page.clock.install();
  await page.goto('/vehicle-management');
  const tooltip = page.getByRole('tooltip');
  await expect(page.getByRole('link', { name: 'Add Vehicle' })).toBeVisible();
  // The page's clock stands still from here; only runFor moves it.
  await page.clock.pauseAt(Date.now() + 1_000);

  await page.getByRole('link', { name: 'Add Vehicle' }).hover();
  await page.clock.runFor(650);
  await expect(tooltip).toHaveCount(0);
  await page.clock.runFor(100);
  await expect(tooltip).toHaveText('Add Vehicle');

  // Straight to the next icon button: no new wait within 300 ms of the first closing.
  await page.getByRole('link', { name: 'Back' }).hover();
  await page.clock.runFor(50);
  await expect(tooltip).toHaveText('Back');

  // Escape hides it (WCAG 1.4.13).
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);
});

test('keyboard focus shows the name too', async ({ page, vehicle }) => {
  void vehicle;
  await page.goto('/vehicle-management');
  await expect(page.getByRole('link', { name: 'Add Vehicle' })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Add Vehicle' })).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText('Add Vehicle');
});

test('the password toggle, a dialog’s Close and a toast’s Close name themselves too', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign In' }).click();
  const tooltip = page.getByRole('tooltip');
  const form = page.locator('form').filter({ has: page.getByLabel('Remember me') });

  // The toggle keeps its name and is pressed; the tooltip says what a press does.
  const toggle = form.getByRole('button', { name: 'Show password' });
  await toggle.hover();
  await expect(tooltip).toHaveText('Show password');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(0, 0);
  await toggle.hover();
  await expect(tooltip).toHaveText('Hide password');
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);

  // An empty form raises a toast; its Close names itself.
  await form.getByRole('button', { name: 'Sign In' }).click();
  const toast = toastCard(page, 'Missing information');
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close' }).hover();
  await expect(tooltip).toHaveText('Close');
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);

  // So does a dialog's.
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Close' }).hover();
  await expect(dialog.getByRole('tooltip')).toHaveText('Close');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});
