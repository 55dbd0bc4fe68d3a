import { expect, test } from './fixtures/test.js';
import { HomePage } from './pages/home-page.js';
import { LandingPage } from './pages/landing-page.js';
import { NotFoundPage } from './pages/not-found-page.js';

test('a wrong address shows Page Not Found to a visitor, with a way home', async ({ page }) => {
  const notFound = new NotFoundPage(page);
  await notFound.goto('/no/such/page');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await notFound.screenshot('not-found');
  await notFound.goHome();
  await new LandingPage(page).expectShown();
});

test('a wrong address shows Page Not Found to a signed-in user, with a way home', async ({
  page,
  signedInAccount: _signedIn,
}) => {
  const notFound = new NotFoundPage(page);
  await notFound.goto('/no/such/page');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await notFound.screenshot('not-found-signed-in');
  await notFound.goHome();
  await new HomePage(page).expectShown();
});
