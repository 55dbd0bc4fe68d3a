import { expect, test } from './fixtures/test.js';

// The HTML itself draws a loading page's spinner, before the app's script has run (docs/decisions/0105), at
// every address the server does not draw itself (the landing page and the finder's are drawn whole: 0168).
test.describe('before the app’s script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the page shows the loading spinner, and says JavaScript is needed when it is off', async ({
    page,
  }) => {
    for (const path of ['/auth', '/license-plate']) {
      await page.goto(path);
      const status = page.getByRole('status');
      await expect(status).toHaveText('Loading');
      await expect(status.locator('svg.animate-spin')).toBeVisible();
      // Chromium with scripts turned off by DevTools still parses <noscript> as if they ran: read the HTML.
      const html = await (await page.request.get(path)).text();
      expect(html).toMatch(/<noscript>.*Vehicle Contact needs JavaScript to run\..*<\/noscript>/s);
    }
  });
});

test('the app’s first render takes the place of the spinner of the HTML', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: "Reach any vehicle's owner, anonymously" })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  await expect(page.locator('#root > main')).toHaveCount(1);
});
