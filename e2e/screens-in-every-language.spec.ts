import type { Page } from '@playwright/test';
import { SAMPLE_VEHICLE } from '../src/shared/vehicles/index.js';
import { englishLeftIn } from './fixtures/catalogues.js';
import { aFindersPhone } from './fixtures/finders-phone.js';
import { originHeader } from './fixtures/origin.js';
import { saveScreen } from './fixtures/screens.js';
import { overflowOf, smallTouchTargets } from './fixtures/touch-targets.js';
import { aVisitorWrites, expect, test } from './fixtures/vehicles.js';
import { QrScannerPage } from './pages/qr-scanner-page.js';

// Issue 36: German's long words and Chinese glyphs fit the screens. Every screen, reached by its address (the
// page objects read English words), in each language at 390 and 320 px: nothing runs off the side, every
// touch target is 44x44 px or more, no English is left, and a picture of it in test-results/screens. A text
// read before its catalogue came is a console error, which fails the journey as any other does.

const LOCALES = ['en-US', 'de-DE', 'zh-CN'] as const;
type Locale = (typeof LOCALES)[number];
const WIDTHS = [390, 320] as const;
const HEIGHT = 844;

/** What the passer-by wrote, in the language of the journey: their words are not the app's. */
const visitorsWords: Record<Locale, string> = {
  'en-US': 'Parked across the gate of number 12',
  'de-DE': 'Sie stehen quer vor der Einfahrt von Hausnummer 12',
  'zh-CN': '您的车挡住了12号的大门',
};

interface Screen {
  /** Its name in the pictures' names and the failures' messages. */
  name: string;
  path: string;
  /** What shows that the screen's data arrived, in no language (a plate, the visitor's words). */
  ready?: (page: Page) => Promise<void>;
  /** false: what the phone shows (a chat keeps its header and composer in place). */
  fullPage?: boolean;
}

/** Both frames of a resize drawn (a component that reads the width redraws after it). */
const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/**
 * The screen has drawn, in `locale`: the page says its language, its heading is up, nothing spins (a lazy
 * page, a catalogue or the data on their way), what the screen waits for has come, and its fonts are in.
 */
async function drawn(page: Page, locale: Locale, screen: Screen): Promise<void> {
  await expect(page.locator('html'), `${screen.name}: the page's language`).toHaveAttribute('lang', locale);
  await expect(page.locator('h1').first(), `${screen.name}: its heading`).toBeVisible();
  await expect(page.locator('.animate-spin'), `${screen.name}: nothing spins`).toHaveCount(0);
  await screen.ready?.(page);
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

/**
 * Opens the screen at 390 px, waits for it, then at each width: nothing wider than the screen, no touch target
 * under 44x44 px, no English left (German, Chinese), and its picture. Every check is soft, so that one run
 * tells every screen that does not fit; the journey still fails on any of them.
 */
async function walk(page: Page, locale: Locale, screen: Screen): Promise<void> {
  await page.setViewportSize({ width: 390, height: HEIGHT });
  await page.goto(screen.path);
  await drawn(page, locale, screen);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await nextFrames(page);
    const where = `${screen.name} (${screen.path}) in ${locale} at ${width} px`;
    expect.soft(await overflowOf(page, width), `${where}: what runs off the side`).toEqual([]);
    expect.soft(await smallTouchTargets(page), `touch targets under 44x44 px on ${where}`).toEqual([]);
    if (locale !== 'en-US') {
      const shown = (await page.locator('body').textContent()) ?? '';
      expect.soft(englishLeftIn(shown, locale), `English left on ${where}`).toEqual([]);
    }
    await saveScreen(page, `screens-${locale}-${screen.name}-${width}`, {
      fullPage: screen.fullPage ?? true,
    });
  }
}

const shows = (text: string) => async (page: Page) => {
  await expect(page.getByText(text).first()).toBeVisible();
};

for (const locale of LOCALES) {
  test.describe(locale, () => {
    // The browser's language: navigator.languages and Accept-Language.
    test.use({ locale });

    test(`every screen in ${locale} fits 390 and 320 px: no overflow, 44 px targets${locale === 'en-US' ? '' : ', no English left'}`, async ({
      page,
      vehicle,
      browser,
      baseURL,
    }) => {
      test.slow();
      const plate = vehicle.licensePlate;
      // The account speaks the journey's language, as one registered from this browser would (the fixture
      // registered it from a request context of no language, so in English).
      const spoken = await page.request.put('/api/auth/locale', {
        headers: originHeader(),
        data: { locale },
      });
      expect(spoken.ok(), await spoken.text()).toBe(true);
      await aVisitorWrites(browser, baseURL, vehicle.id, visitorsWords[locale]);
      // Asked in the journey's language, as the app asks: the server keeps the presented list per account, not
      // per language, so an ask in English would be what the German screens are shown next.
      const listed = await page.request.get('/api/conversations', { headers: { 'Accept-Language': locale } });
      const conversations = (await listed.json()) as { id: string }[];
      expect(conversations).toHaveLength(1);
      const conversationId = conversations[0]?.id;

      // Signed out: a passer-by's phone in the same language.
      const finder = await aFindersPhone(browser, baseURL, locale);
      // The scanner's camera refuses to start, as when access is denied: the screen offers the other ways.
      await new QrScannerPage(finder.page).failCamera();
      const signedOut: Screen[] = [
        { name: 'landing', path: '/' },
        { name: 'license-plate', path: '/license-plate' },
        {
          name: 'qr-scanner-camera-failed',
          path: '/qr-scanner',
          ready: async (on) => expect(on.getByRole('alert')).toBeVisible(),
        },
        { name: 'sign-in', path: '/auth?mode=login' },
        { name: 'sign-up', path: '/auth' },
        { name: 'reset-password', path: '/reset-password?token=x' },
        {
          name: 'vehicle-found-sample',
          path: `/vehicle-found/${SAMPLE_VEHICLE.id}`,
          ready: shows(SAMPLE_VEHICLE.licensePlate),
        },
        {
          name: 'send-message',
          path: `/message/${vehicle.id}`,
          // The Urgent switch comes in a chunk of its own, after the page.
          ready: async (on) => {
            await expect(on.locator('textarea')).toBeVisible();
            await expect(on.locator('input[name="urgent"]')).toBeVisible();
          },
        },
        { name: 'help-signed-out', path: '/help' },
        { name: 'settings-signed-out', path: '/settings' },
        { name: 'not-found', path: '/no/such/page' },
      ];
      for (const screen of signedOut) await walk(finder.page, locale, screen);
      await finder.context.close();
      expect.soft(finder.errors, "errors the passer-by's page wrote to its console").toEqual([]);

      // Signed in: the owner of the vehicle, with the visitor's conversation (the page's console is the
      // fixtures' to watch).
      const signedIn: Screen[] = [
        { name: 'home', path: '/', ready: shows(plate) },
        { name: 'vehicle-management', path: '/vehicle-management', ready: shows(plate) },
        { name: 'vehicle-setup', path: '/vehicle-setup' },
        {
          name: 'vehicle-edit',
          path: `/vehicle-edit/${vehicle.id}`,
          ready: async (on) => expect(on.locator('input[id$="-plate"]')).toHaveValue(plate),
        },
        { name: 'vehicle-theme', path: `/vehicle-theme/${vehicle.id}`, ready: shows(plate) },
        { name: 'qr-code', path: `/qr-code/${vehicle.id}`, ready: shows(plate) },
        { name: 'conversations', path: '/conversations', ready: shows(visitorsWords[locale]) },
        {
          name: 'chat',
          path: `/conversations/${conversationId}`,
          ready: shows(visitorsWords[locale]),
          fullPage: false,
        },
        {
          // Written from an account with a vehicle: who the owner sees, anonymous or the vehicle, is asked.
          name: 'send-message-signed-in',
          path: `/message/${SAMPLE_VEHICLE.id}`,
          ready: async (on) => {
            await expect(on.locator('input[name="sender"]').first()).toBeVisible();
            await expect(on.locator('input[name="urgent"]')).toBeVisible();
          },
        },
        { name: 'profile', path: '/profile' },
        { name: 'settings', path: '/settings' },
        { name: 'blocked-users', path: '/blocked-users' },
        { name: 'help', path: '/help' },
        { name: 'not-found-signed-in', path: '/no/such/page' },
      ];
      for (const screen of signedIn) await walk(page, locale, screen);
    });
  });
}
