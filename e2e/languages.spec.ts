import { englishLeftIn } from './fixtures/catalogues.js';
import { aFindersPhone } from './fixtures/finders-phone.js';
import { saveScreen } from './fixtures/screens.js';
import { expect, findVehicle, test } from './fixtures/vehicles.js';

// Issue 36, docs/decisions/0162: a browser that asks for German (or Chinese) sees the landing page, the
// finder's path and Send Message in it, with no English left, and the screens at 390 and 320 px.

for (const locale of ['de-DE', 'zh-CN']) {
  test(`a browser asking for ${locale} sees the landing page in it, with no English left`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page, errors } = await aFindersPhone(browser, baseURL, locale);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(englishLeftIn((await page.locator('body').textContent()) ?? '', locale)).toEqual([]);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await saveScreen(page, `languages-${locale}-landing-${width}`);
    }
    await context.close();
    expect(errors).toEqual([]);
  });

  test(`a finder whose browser asks for ${locale} finds a vehicle and writes to it in that language`, async ({
    browser,
    baseURL,
    vehicle,
    page: ownersPage,
  }) => {
    const { qrCode } = await findVehicle(ownersPage.request, vehicle.id);
    const { context, page, errors } = await aFindersPhone(browser, baseURL, locale);
    await page.goto(`/vehicle/qr/${qrCode}`);
    await expect(page.getByText(vehicle.licensePlate).first()).toBeVisible();
    expect(englishLeftIn((await page.locator('body').textContent()) ?? '', locale)).toEqual([]);
    await saveScreen(page, `languages-${locale}-vehicle-found-390`);

    await page.locator(`a[href^="/message/"]`).first().click();
    await expect(page).toHaveURL(/\/message\//);
    await expect(page.locator('textarea')).toBeVisible();
    expect(englishLeftIn((await page.locator('body').textContent()) ?? '', locale)).toEqual([]);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await saveScreen(page, `languages-${locale}-send-message-${width}`);
    }
    await context.close();
    expect(errors).toEqual([]);
  });
}
