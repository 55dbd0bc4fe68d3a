import { linkFromMail } from './fixtures/outbox.js';
import { currentUser } from './fixtures/session.js';
import { expect, test } from './fixtures/test.js';
import { AuthPage } from './pages/auth-page.js';
import { HomePage } from './pages/home-page.js';
import { LandingPage } from './pages/landing-page.js';
import { ProfilePage } from './pages/profile-page.js';
import { toast } from './pages/toasts.js';

test('a visitor signs up, verifies the address from the mail, lands on Home and signs out', async ({
  page,
  newAccount,
}) => {
  const landing = new LandingPage(page);
  const auth = new AuthPage(page);
  const home = new HomePage(page);
  const profile = new ProfilePage(page);

  await landing.goto();
  await landing.screenshot('landing');
  await landing.getStarted();
  await auth.expectTab('Sign Up');

  // The password stays hidden until the user asks to see it.
  const showPassword = page.getByRole('button', { name: 'Show password' });
  await expect(auth.password).toHaveAttribute('type', 'password');
  await expect(showPassword).toHaveAttribute('aria-pressed', 'false');
  await showPassword.click();
  await expect(auth.password).toHaveAttribute('type', 'text');
  await expect(showPassword).toHaveAttribute('aria-pressed', 'true');
  await showPassword.click();
  await expect(auth.password).toHaveAttribute('type', 'password');
  await auth.screenshot('auth-sign-up');

  await auth.register(newAccount);
  // Registering does not sign in: the user is told to check the mail and is back on Landing (spec §4 Session).
  await expect(toast(page, 'Account created!')).toBeVisible();
  await expect(toast(page, 'Please check your email for the verification link')).toBeVisible();
  await landing.expectShown();
  expect(await currentUser(page)).toBeNull();
  await landing.screenshot('landing-after-sign-up');

  await page.goto(await linkFromMail(newAccount.email, /Verify your email/));
  await home.expectShown();
  await expect(toast(page, 'Email verified')).toBeVisible();
  await expect(page.getByText(`Hi, ${newAccount.firstName}`)).toBeVisible();
  await home.screenshot('home');

  await home.openProfile();
  await profile.expectShown(newAccount.email);
  await expect(page.getByText(`${newAccount.firstName} ${newAccount.lastName}`)).toBeVisible();
  await profile.screenshot('profile');

  await profile.signOut();
  await landing.expectShown();
  expect(await currentUser(page)).toBeNull();
});
