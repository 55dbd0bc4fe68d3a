import { expect, test } from './fixtures/vehicles.js';

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
