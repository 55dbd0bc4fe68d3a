import { currentUser, findCookie, SESSION_COOKIE, secondsFromNow } from './fixtures/session.js';
import { expect, test } from './fixtures/test.js';
import { AuthPage } from './pages/auth-page.js';
import { HomePage } from './pages/home-page.js';
import { LandingPage } from './pages/landing-page.js';
import { ProfilePage } from './pages/profile-page.js';
import { toast } from './pages/toasts.js';

const FIVE_MINUTES_SECONDS = 5 * 60;

test('Remember me keeps the session for 30 days; without it the session ends with the browser', async ({
  page,
  context,
  account,
}) => {
  const landing = new LandingPage(page);
  const auth = new AuthPage(page);
  const home = new HomePage(page);
  const profile = new ProfilePage(page);

  await landing.goto();
  await landing.signIn();
  await auth.expectTab('Sign In');
  await auth.screenshot('auth-sign-in');

  await auth.login({ email: account.email, password: account.password, rememberMe: true });
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await home.expectShown();
  const remembered = await findCookie(context, SESSION_COOKIE);
  expect(remembered).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(remembered?.expires).toBeGreaterThan(secondsFromNow(30) - FIVE_MINUTES_SECONDS);
  expect(remembered?.expires).toBeLessThan(secondsFromNow(30) + FIVE_MINUTES_SECONDS);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await profile.expectShown(account.email);
  await profile.signOut();
  await landing.expectShown();
  expect(await findCookie(context, SESSION_COOKIE)).toBeUndefined();

  await landing.signIn();
  await auth.login({ email: account.email, password: account.password, rememberMe: false });
  await home.expectShown();
  const browserSession = await findCookie(context, SESSION_COOKIE);
  expect(browserSession).toMatchObject({ httpOnly: true, sameSite: 'Lax', expires: -1 });
});

test('a wrong password is refused with "Invalid email or password"', async ({ page, context, account }) => {
  const auth = new AuthPage(page);
  await auth.goto('login');
  await auth.login({ email: account.email, password: `${account.password}x` });

  await expect(toast(page, 'Login failed')).toBeVisible();
  await expect(toast(page, 'Invalid email or password')).toBeVisible();
  await auth.expectTab('Sign In');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  await auth.screenshot('auth-sign-in-failed');
  expect(await findCookie(context, SESSION_COOKIE)).toBeUndefined();
  expect(await currentUser(page)).toBeNull();
});
