import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { consentTexts } from '../src/client/features/consent/texts.js';
import { FIRST_VISIT } from './fixtures/answered-prompts.js';
import { receivesTapAtCentre } from './fixtures/geometry.js';
import { saveScreenInBothThemes } from './fixtures/screens.js';
import { findCookie } from './fixtures/session.js';
import { expect, test } from './fixtures/vehicles.js';

/*
 * Issue 31, point 8 (docs/decisions/0141-prompts-at-the-right-moment.md): the cookie banner never covers a
 * primary button (the page keeps room to scroll past it), and a visitor without an account reaches cookie
 * settings and changes the choice.
 */
test.use({ storageState: FIRST_VISIT });

const banner = (page: Page) => page.getByRole('region', { name: consentTexts.bannerTitle });

async function consentCookie(context: BrowserContext) {
  const cookie = await findCookie(context, 'cookie-consent');
  return cookie ? decodeURIComponent(cookie.value) : undefined;
}

/**
 * What the phone's screen shows (a full-page picture would draw the fixed banner halfway down the page), as
 * `{name}.png` and `{name}-dark.png`.
 */
async function saveViewInBothThemes(page: Page, name: string) {
  const html = page.locator('html');
  const save = (file: string) =>
    page.screenshot({ path: path.join('test-results', 'screens', `${file}.png`), animations: 'disabled' });
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).not.toHaveClass(DARK);
  await save(name);
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(DARK);
  await save(`${name}-dark`);
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

const DARK = /(^|\s)dark(\s|$)/;
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core on the screen as it is: no violations, and no colour contrast left for review. */
async function expectNoAxeViolations(page: Page) {
  // Evaluated by the browser's debugger: the app's Content-Security-Policy refuses inline scripts.
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: Document,
          options: object,
        ) => Promise<Record<'violations' | 'incomplete', { id: string; nodes: { target: string[] }[] }[]>>;
      };
    };
    const { violations, incomplete } = await axe.run(document, { resultTypes: ['violations', 'incomplete'] });
    const brief = (found: typeof violations) =>
      found.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`);
    return {
      violations: brief(violations),
      contrastToReview: brief(incomplete.filter(({ id }) => id === 'color-contrast')),
    };
  });
  expect(results).toEqual({ violations: [], contrastToReview: [] });
}

/**
 * With the banner showing, the person scrolls until `button` sits above it, as far as the page lets them:
 * then the whole button is in view, clear of the banner, and a tap at its centre reaches it.
 */
async function expectClearOfBanner(page: Page, button: Locator) {
  await expect(banner(page)).toBeVisible();
  await button.scrollIntoViewIfNeeded();
  const bannerElement = await banner(page).elementHandle();
  await button.evaluate((element, covering) => {
    const overlap = element.getBoundingClientRect().bottom - (covering?.getBoundingClientRect().top ?? 0);
    if (overlap > 0) window.scrollBy(0, overlap + 8);
  }, bannerElement);
  const [buttonBox, bannerBox] = await Promise.all([button.boundingBox(), banner(page).boundingBox()]);
  const name = await button.textContent();
  expect(buttonBox, `${name}: on screen`).not.toBeNull();
  expect(bannerBox).not.toBeNull();
  if (!buttonBox || !bannerBox) return;
  expect(buttonBox.y, `${name}: below the top of the screen`).toBeGreaterThanOrEqual(0);
  expect(buttonBox.y + buttonBox.height, `${name}: above the banner`).toBeLessThanOrEqual(bannerBox.y);
  expect(await receivesTapAtCentre(button), `${name}: a tap at its centre reaches it`).toBe(true);
}

test('the cookie banner never covers a primary button: landing, Vehicle found, Send Message and Sign In', async ({
  vehicle,
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
}) => {
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    storageState: FIRST_VISIT,
  });
  const visitor = await context.newPage();

  await visitor.goto('/');
  await expect(banner(visitor)).toBeVisible();
  await saveViewInBothThemes(visitor, 'consent-banner-landing');
  for (const name of [
    'Scan a QR Code',
    'Enter a License Plate',
    'Get Started Free',
    'Create Your Free Account',
  ]) {
    await expectClearOfBanner(visitor, visitor.getByRole('link', { name, exact: true }));
  }
  // Scrolled to its end, the page's last button sits above the banner.
  await saveViewInBothThemes(visitor, 'consent-banner-landing-end');

  await visitor.goto(`/vehicle-found/${vehicle.id}`);
  await expect(visitor.getByRole('heading', { name: 'Vehicle Found' })).toBeVisible();
  await expectClearOfBanner(visitor, visitor.getByRole('link', { name: 'Send Message' }));
  await visitor.getByRole('link', { name: 'Send Message' }).click();

  await expect(visitor).toHaveURL(new RegExp(`/message/${vehicle.id}$`));
  await expectClearOfBanner(visitor, visitor.getByRole('button', { name: 'Send Message' }));

  await visitor.goto('/auth?mode=login');
  await expectClearOfBanner(visitor, visitor.locator('form').getByRole('button', { name: 'Sign In' }));
  await context.close();
});

test('a visitor without an account reaches cookie settings and changes the choice', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: consentTexts.decline }).click();
  await expect(banner(page)).toBeHidden();
  expect(await consentCookie(context)).toMatch(/^declined\|\d+$/);

  // Answered, the banner is gone; the page's foot keeps the way to the same controls.
  const settingsLink = page.getByRole('contentinfo').getByRole('link', { name: consentTexts.settingsLink });
  await settingsLink.click();
  await expect(page).toHaveURL(/\/settings$/);
  const consent = page.getByRole('region', { name: consentTexts.blockTitle });
  await expect(consent.getByText(consentTexts.declined, { exact: true })).toBeVisible();
  await saveScreenInBothThemes(page, 'cookie-settings-visitor');
  await expectNoAxeViolations(page);
  await consent.getByRole('button', { name: consentTexts.accept }).click();
  await expect(consent.getByText(consentTexts.accepted, { exact: true })).toBeVisible();
  expect(await consentCookie(context)).toMatch(/^accepted\|\d+$/);

  // Kept: a finder's page later reads it, and its foot leads back to the choice.
  await page.goto('/license-plate');
  await expect(page.getByRole('heading', { name: 'Find Vehicle' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await saveScreenInBothThemes(page, 'cookie-settings-link-finder');
  await page.getByRole('contentinfo').getByRole('link', { name: consentTexts.settingsLink }).click();
  await expect(consent.getByText(consentTexts.accepted, { exact: true })).toBeVisible();
  await consent.getByRole('button', { name: consentTexts.decline }).click();
  await expect(consent.getByText(consentTexts.declined, { exact: true })).toBeVisible();
  expect(await consentCookie(context)).toMatch(/^declined\|\d+$/);
});
