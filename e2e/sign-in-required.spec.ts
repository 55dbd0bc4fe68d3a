import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures/test.js';
import { AuthPage } from './pages/auth-page.js';
import { SignInRequiredPage } from './pages/sign-in-required-page.js';
import { toast } from './pages/toasts.js';

test('a signed-out visitor on Vehicle Theme sees Sign In Required, stays there, and signs in from it', async ({
  page,
}) => {
  const signInRequired = new SignInRequiredPage(page);
  // Whose vehicle it is cannot matter: nothing about it is asked for before signing in.
  const themePath = `/vehicle-theme/${randomUUID()}`;
  const vehicleRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/vehicles')) vehicleRequests.push(request.url());
  });

  await page.goto(themePath);
  await signInRequired.expectShown("Please sign in to customize your vehicle's theme.");
  // Not the redirect of the other signed-in screens: no "logged out" toast, and the address stays.
  await expect(toast(page, 'Unauthorized')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${themePath}$`));
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  expect(vehicleRequests).toEqual([]);
  await signInRequired.screenshotInBothThemes('vehicles-vehicle-theme-sign-in-required');

  await signInRequired.signIn().click();
  await new AuthPage(page).expectTab('Sign In');
});
