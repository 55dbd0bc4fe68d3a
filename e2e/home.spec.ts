import { originHeader } from './fixtures/origin.js';
import { linkFromMail } from './fixtures/outbox.js';
import { expect, test } from './fixtures/test.js';
import { HomePage } from './pages/home-page.js';

test('Home greets a user who gave no first name with "Hi there", not a bare "Hi"', async ({
  page,
  newAccount,
}) => {
  const home = new HomePage(page);
  // Signed up without a name (the names are optional), then verified from the mail in this browser.
  const registered = await page.request.post('/api/auth/register', {
    headers: originHeader(),
    data: { email: newAccount.email, password: newAccount.password, firstName: '', lastName: '' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.goto(await linkFromMail(newAccount.email, /Verify your email/));
  await home.expectShown();
  await expect(home.greeting).toHaveText('Hi there');
  await home.screenshot('home-without-name');
});

test('Home greets a signed-in user by first name', async ({ page, signedInAccount }) => {
  const home = new HomePage(page);
  await home.goto();
  await expect(home.greeting).toHaveText(`Hi, ${signedInAccount.firstName}`);
});
