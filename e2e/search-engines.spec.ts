import { expect, test } from './fixtures/test.js';
import { LandingPage } from './pages/landing-page.js';

test('/robots.txt is a real robots file: plain text, everything allowed but the API', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain\b/);
  const lines = (await response.text()).split('\n').map((line) => line.trim());
  expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /api/']));
});

test('the landing page tells search engines what it is: language, title, description, no noindex', async ({
  page,
}) => {
  await new LandingPage(page).goto();
  // The app's language (en-US by default; index.html says so before the app runs, docs/decisions/0162).
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page).toHaveTitle(/Vehicle Contact/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^.{40,}$/);
  await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /width=device-width/);
});
