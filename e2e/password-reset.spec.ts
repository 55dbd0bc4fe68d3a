import { randomBytes } from 'node:crypto';
import { linkFromMail } from './fixtures/outbox.js';
import { currentUser } from './fixtures/session.js';
import { expect, test } from './fixtures/test.js';
import { AuthPage } from './pages/auth-page.js';
import { HomePage } from './pages/home-page.js';
import { LandingPage } from './pages/landing-page.js';
import { ProfilePage } from './pages/profile-page.js';
import { ResetPasswordPage } from './pages/reset-password-page.js';
import { toast } from './pages/toasts.js';

const neutralResetText = 'If an account with that email exists, a password reset link has been sent.';
const invalidLinkText = 'This password reset link is invalid or expired';

test('a forgotten password is reset from the mailed link, and the link works once', async ({
  page,
  account,
}) => {
  const auth = new AuthPage(page);
  const reset = new ResetPasswordPage(page);
  const home = new HomePage(page);
  const profile = new ProfilePage(page);
  const landing = new LandingPage(page);

  await auth.goto('login');
  const dialog = await auth.openForgotPassword();
  await dialog.send('   ');
  await expect(dialog.problem).toHaveText('Please enter your email address');
  await dialog.screenshot('forgot-password-dialog-error');
  await dialog.email.fill(account.email);
  await dialog.screenshot('forgot-password-dialog');
  await dialog.dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.dialog).toBeHidden();
  await expect(toast(page, neutralResetText)).toBeVisible();

  const link = await linkFromMail(account.email, /Reset your password/);
  await reset.open(link);
  await reset.screenshot('reset-password');

  // The form's rules, in the spec's order (spec §5 Reset password).
  await reset.submit('Harbour-Lights7', 'Harbour-Lights8');
  await expect(toast(page, 'Please make sure both password fields match')).toBeVisible();
  await reset.submit('Ab1cD', 'Ab1cD');
  await expect(toast(page, 'Password must be at least 8 characters long')).toBeVisible();
  await reset.submit('harbour-lights', 'harbour-lights');
  await expect(toast(page, 'Password must contain uppercase, lowercase, and number')).toBeVisible();
  await reset.screenshot('reset-password-rule');

  const newPassword = `Harbour-${randomBytes(3).toString('hex')}Q7`;
  await reset.submit(newPassword);
  await reset.expectComplete();
  await reset.screenshot('reset-password-complete');
  await reset.continueToLogin();

  await auth.login({ email: account.email, password: newPassword });
  await home.expectShown();

  await home.openProfile();
  await profile.signOut();
  await landing.expectShown();
  await landing.signIn();
  await auth.login({ email: account.email, password: account.password });
  await expect(toast(page, 'Invalid email or password')).toBeVisible();
  expect(await currentUser(page)).toBeNull();

  await reset.open(link);
  await reset.submit(`Second-${randomBytes(3).toString('hex')}Z9`);
  await expect(toast(page, 'Reset failed')).toBeVisible();
  await expect(toast(page, invalidLinkText)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Password Reset Complete' })).toBeHidden();
  await reset.screenshot('reset-password-used-link');
});

test('asking for a reset reads the same for an address without an account', async ({ page }) => {
  const auth = new AuthPage(page);
  await auth.goto('login');
  const dialog = await auth.openForgotPassword();
  await dialog.send(`nobody-${randomBytes(4).toString('hex')}@example.org`);
  await expect(dialog.dialog).toBeHidden();
  await expect(toast(page, neutralResetText)).toBeVisible();
});

test('a reset link without a token says so and goes to sign-in', async ({ page }) => {
  const auth = new AuthPage(page);
  await page.goto('/reset-password');
  await expect(toast(page, 'Invalid reset link')).toBeVisible();
  await expect(toast(page, invalidLinkText)).toBeVisible();
  await auth.expectTab('Sign In');
});
