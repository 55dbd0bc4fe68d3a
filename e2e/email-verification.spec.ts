import { countMails, linkFromMail } from './fixtures/outbox.js';
import { currentUser } from './fixtures/session.js';
import { expect, test } from './fixtures/test.js';
import { AuthPage } from './pages/auth-page.js';
import { HomePage } from './pages/home-page.js';
import { LandingPage } from './pages/landing-page.js';
import { toast } from './pages/toasts.js';
import { VerificationPage } from './pages/verification-page.js';

const verifyMail = /Verify your email/;

test('signing in before verifying shows the verification screen, which resends the mail and goes back', async ({
  page,
  newAccount,
}) => {
  const auth = new AuthPage(page);
  const landing = new LandingPage(page);
  const verification = new VerificationPage(page);

  await auth.goto('register');
  await auth.register(newAccount);
  await landing.expectShown();
  await expect.poll(() => countMails(newAccount.email, verifyMail)).toBe(1);

  await landing.signIn();
  await auth.login({ email: newAccount.email, password: newAccount.password });
  await verification.expectShown(newAccount.email);
  await verification.screenshot('verify-email');

  await verification.resendEmail();
  await expect(toast(page, 'Verification email sent')).toBeVisible();
  await expect.poll(() => countMails(newAccount.email, verifyMail)).toBe(2);
  await verification.screenshot('verify-email-sent');

  // Back to Login goes through /api/logout, which ends the session and leads to the sign-in form.
  await verification.backToLogin();
  await auth.expectTab('Sign In');
  await expect(page).toHaveURL(/\/auth\?mode=login$/);
  await expect(verification.heading).toBeHidden();
  expect(await currentUser(page)).toBeNull();
  await auth.screenshot('verify-email-back-to-login');
});

test('the resent verification link verifies the address and signs in', async ({ page, newAccount }) => {
  const auth = new AuthPage(page);
  const verification = new VerificationPage(page);

  await auth.goto('register');
  await auth.register(newAccount);
  await expect(toast(page, 'Account created!')).toBeVisible();
  await auth.goto('login');
  await auth.login({ email: newAccount.email, password: newAccount.password });
  await verification.expectShown(newAccount.email);
  await verification.resendEmail();
  await expect.poll(() => countMails(newAccount.email, verifyMail)).toBe(2);

  await page.goto(await linkFromMail(newAccount.email, verifyMail));
  await new HomePage(page).expectShown();
  await expect(toast(page, 'Email verified')).toBeVisible();
  expect(await currentUser(page)).toMatchObject({ email: newAccount.email, emailVerified: true });
});
