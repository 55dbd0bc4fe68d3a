import type { CDPSession, Page } from '@playwright/test';
import { e2ePushServicePort } from '../playwright.config.js';
import { startTestPushService } from '../src/server/test/push-service.js';
import { originHeader } from './fixtures/origin.js';
import { saveScreen } from './fixtures/screens.js';
import { aVisitorWrites, expect, test } from './fixtures/vehicles.js';
import { ConversationsPage } from './pages/conversations-page.js';

// The push service listens on one port (e2ePushServicePort, which the server trusts): this file's journeys
// run one after another in one worker, never beside each other.
test.describe.configure({ mode: 'default' });

/**
 * A push, end to end: the server encrypts a new message's notification for a subscription on the journey's
 * own https push service (ADDENDUM §9), which decrypts it; the payload is then handed to the app's service
 * worker the way Chromium's push service would, over the DevTools protocol (ServiceWorker.deliverPushMessage).
 * A notification click cannot be made over the protocol: src/client/service-worker/click.test.ts covers
 * what a click does.
 */

type WorkerMessage = { type: string; [field: string]: unknown };

/**
 * Records every message the service worker sends this page, as the page itself hears them. They are kept on
 * the test's side: a message can make the app navigate (AUTH_REQUIRED), which ends the page's own state.
 */
async function listenToWorker(page: Page) {
  const heard: WorkerMessage[] = [];
  await page.exposeFunction('recordWorkerMessage', (message: WorkerMessage) => void heard.push(message));
  await page.evaluate(() => {
    const record = (window as unknown as { recordWorkerMessage: (message: unknown) => void })
      .recordWorkerMessage;
    navigator.serviceWorker.addEventListener('message', (event) => record(event.data));
  });
  return async () => heard.slice();
}

async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * The id DevTools knows this page's service worker registration by: the one whose active version controls
 * the page. The browser may also report registrations of the same origin from earlier tests' contexts, and a
 * push delivered to one of those shows nothing here.
 */
async function registrationIdOf(cdp: CDPSession, scopeURL: string): Promise<string> {
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  const scopes = new Map<string, string>();
  const controlling = new Set<string>();
  const found = new Promise<string>((resolve) => {
    const settle = () => {
      for (const id of controlling) if (scopes.get(id) === scopeURL) resolve(id);
    };
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      for (const registration of registrations) {
        if (!registration.isDeleted) scopes.set(registration.registrationId, registration.scopeURL);
      }
      settle();
    });
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const version of versions) {
        if (version.status === 'activated' && version.controlledClients?.includes(targetInfo.targetId)) {
          controlling.add(version.registrationId);
        }
      }
      settle();
    });
  });
  // Enabling the domain reports the registrations and versions there are.
  await cdp.send('ServiceWorker.enable');
  return found;
}

test('a new message’s push shows its notification and sets the app badge to the unread count', async ({
  page,
  context,
  browser,
  baseURL,
  vehicle,
}) => {
  const pushService = await startTestPushService(e2ePushServicePort);
  try {
    const origin = new URL(baseURL ?? '').origin;
    await context.grantPermissions(['notifications'], { origin });
    // The owner has Conversations open (the list): a click must open the chat in this very window.
    const conversations = new ConversationsPage(page);
    await conversations.goto();
    await waitForServiceWorker(page);
    const workerMessages = await listenToWorker(page);

    // The owner's browser subscribes (as the app does with the push service's subscription).
    const subscription = pushService.subscribe();
    const subscribed = await page.request.post('/api/push/subscribe', {
      headers: originHeader(),
      data: { endpoint: subscription.endpoint, p256dh: subscription.p256dh, auth: subscription.auth },
    });
    expect(subscribed.ok(), await subscribed.text()).toBe(true);

    // A visitor writes to the owner's vehicle.
    await aVisitorWrites(browser, baseURL, vehicle.id);

    // The page's own count reaches the worker first (UPDATE_BADGE from the app badge bridge).
    await expect
      .poll(workerMessages)
      .toContainEqual(expect.objectContaining({ type: 'BADGE_UPDATED', count: 1, trigger: 'page' }));

    await expect.poll(() => pushService.received.length, { timeout: 15_000 }).toBe(1);
    expect(pushService.failures).toEqual([]);
    const payload = pushService.received[0]?.plaintext ?? '';
    expect(JSON.parse(payload)).toMatchObject({ unreadCount: 1, body: 'Your lights are on' });

    const cdp = await context.newCDPSession(page);
    const registrationId = await registrationIdOf(cdp, `${origin}/`);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: payload });

    const notifications = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((shown) => ({
          title: shown.title,
          body: shown.body,
          tag: shown.tag,
          icon: new URL(shown.icon).pathname,
          badge: new URL(shown.badge).pathname,
          data: shown.data,
        }));
      });
    const conversationId = JSON.parse(payload).conversationId;
    await expect.poll(notifications).toEqual([
      {
        title: `New message for your Family Camry (${vehicle.licensePlate})`,
        body: 'Your lights are on',
        tag: `conversation-${conversationId}`,
        icon: '/pwa-192x192.png',
        badge: '/pwa-64x64.png',
        data: { url: `/conversations/${conversationId}`, conversationId },
      },
    ]);
    // Both icons are the build's own (drawn from public/favicon.svg).
    for (const icon of ['/pwa-192x192.png', '/pwa-64x64.png']) {
      const served = await page.request.get(icon);
      expect(served.headers()['content-type'], icon).toBe('image/png');
    }
    // The worker set the app badge from the push and told the page so.
    await expect
      .poll(workerMessages)
      .toContainEqual(expect.objectContaining({ type: 'BADGE_UPDATED', count: 1, trigger: 'push' }));
    await cdp.detach();

    // The click: DevTools cannot click a notification, so the worker's own handler is handed the shown
    // notification in a notificationclick event made in the worker (its focus() is refused without a real
    // click; the page is told all the same).
    const [worker] = context.serviceWorkers();
    if (!worker) throw new Error('the app has no running service worker');
    await worker.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
      };
      const [shown] = await scope.registration.getNotifications();
      const NotificationClick = (
        globalThis as unknown as { NotificationEvent: new (type: string, init: object) => Event }
      ).NotificationEvent;
      scope.dispatchEvent(new NotificationClick('notificationclick', { notification: shown }));
    });
    // The open window shows the conversation, without a reload, and the notification is gone.
    await expect(page).toHaveURL(new RegExp(`/conversations/${conversationId}$`));
    await expect(conversations.message('Your lights are on')).toBeVisible();
    // Still the same page (a reload would have dropped the recorder), told by the worker.
    await expect.poll(workerMessages).toContainEqual({
      type: 'NOTIFICATION_CLICKED',
      url: `/conversations/${conversationId}`,
      conversationId,
    });
    await expect.poll(notifications).toEqual([]);
    await saveScreen(page, 'push-notification-clicked');
  } finally {
    await pushService.close();
  }
});

test('a session that ended elsewhere: the worker’s badge refresh meets 401, clears the badge, and the app asks to log in again', async ({
  page,
  signedInAccount: _account,
}) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  const workerMessages = await listenToWorker(page);

  // The session ends outside this page (the page's cookie goes with it).
  const loggedOut = await page.request.post('/api/auth/logout', { headers: originHeader() });
  expect(loggedOut.ok()).toBe(true);

  await page.evaluate(() => navigator.serviceWorker.controller?.postMessage({ type: 'REFRESH_BADGE' }));
  await expect.poll(workerMessages).toContainEqual({ type: 'AUTH_REQUIRED' });
  await expect
    .poll(workerMessages)
    .toContainEqual(expect.objectContaining({ type: 'BADGE_UPDATED', count: 0, trigger: 'refresh' }));
  // The app reads the session again and acts on its expiry (spec §8 Unauthorized, then sign-in).
  await expect(page).toHaveURL(/\/auth\?mode=login$/);
});

test('a notification click’s message that arrives while the app is still loading is acted on once it has loaded', async ({
  page,
  context,
  signedInAccount: _account,
}) => {
  await page.goto('/');
  await waitForServiceWorker(page);

  // The app loads again with the chunk that acts on the worker's messages held back, as on a slow phone
  // woken by a notification click.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/app-badge-bridge-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.readyState !== 'loading');

  // What the worker's notificationclick sends an open window.
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  await worker.evaluate(async () => {
    // The worker's global scope (the journeys are typed for pages).
    const scope = self as unknown as {
      clients: { matchAll(options: object): Promise<Array<{ postMessage(message: unknown): void }>> };
    };
    const windows = await scope.clients.matchAll({ type: 'window' });
    for (const window of windows) {
      window.postMessage({ type: 'NOTIFICATION_CLICKED', url: '/settings', conversationId: null });
    }
  });
  release();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});

test('the owner answers from a notification’s button without opening the app; signed out, the button opens the conversation instead', async ({
  page,
  context,
  browser,
  baseURL,
  owner,
  vehicle,
}) => {
  const pushService = await startTestPushService(e2ePushServicePort);
  try {
    const origin = new URL(baseURL ?? '').origin;
    await context.grantPermissions(['notifications'], { origin });
    await page.goto('/');
    await waitForServiceWorker(page);
    const workerMessages = await listenToWorker(page);
    const subscription = pushService.subscribe();
    const subscribed = await page.request.post('/api/push/subscribe', {
      headers: originHeader(),
      data: { endpoint: subscription.endpoint, p256dh: subscription.p256dh, auth: subscription.auth },
    });
    expect(subscribed.ok(), await subscribed.text()).toBe(true);

    await aVisitorWrites(browser, baseURL, vehicle.id, 'Your car is blocking my driveway');
    await expect.poll(() => pushService.received.length, { timeout: 15_000 }).toBe(1);
    expect(pushService.failures).toEqual([]);
    const payload = pushService.received[0]?.plaintext ?? '';
    const { conversationId } = JSON.parse(payload);
    const cdp = await context.newCDPSession(page);
    const registrationId = await registrationIdOf(cdp, `${origin}/`);
    const deliver = () =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: payload });
    const shownButtons = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        // TypeScript's lib lacks a notification's actions.
        type Shown = Notification & { actions: Array<{ action: string; title: string }> };
        return (await registration.getNotifications()).map((shown) =>
          (shown as Shown).actions.map(({ action, title }) => ({ action, title })),
        );
      });

    // As many buttons as the browser shows, the two that say the owner is coming first (decision 0147).
    await deliver();
    const maxActions = await page.evaluate(
      () => (Notification as unknown as { maxActions: number }).maxActions,
    );
    expect(maxActions).toBeGreaterThan(0);
    await expect.poll(shownButtons).toEqual([
      [
        { action: 'on_my_way', title: 'On my way' },
        { action: 'five_minutes', title: "I'll be there in 5 minutes" },
        { action: 'not_mine', title: 'Not my car' },
        { action: 'moved', title: 'Moved, thanks' },
      ].slice(0, maxActions),
    ]);

    // A tap on a button, as notificationclick with its action (DevTools cannot tap one, see the click above).
    const [worker] = context.serviceWorkers();
    if (!worker) throw new Error('the app has no running service worker');
    const tapButton = (action: string) =>
      worker.evaluate(async (action) => {
        const scope = self as unknown as {
          registration: ServiceWorkerRegistration;
          dispatchEvent(event: Event): boolean;
        };
        const [shown] = await scope.registration.getNotifications();
        const NotificationClick = (
          globalThis as unknown as { NotificationEvent: new (type: string, init: object) => Event }
        ).NotificationEvent;
        scope.dispatchEvent(new NotificationClick('notificationclick', { notification: shown, action }));
      }, action);
    const ownerStatus = async () => {
      const list = await (await page.request.get('/api/conversations')).json();
      return list.find((conversation: { id: string }) => conversation.id === conversationId)?.ownerStatus
        ?.code;
    };

    // The answer is taken with the session's cookie; the notification goes, and the app stays where it was.
    await tapButton('on_my_way');
    await expect.poll(ownerStatus).toBe('on_my_way');
    await expect.poll(shownButtons).toEqual([]);
    await expect(page).toHaveURL(`${origin}/`);
    expect(await workerMessages()).not.toContainEqual(
      expect.objectContaining({ type: 'NOTIFICATION_CLICKED' }),
    );

    // Signed out elsewhere, the answer is refused: the conversation opens, where the owner can sign in and answer.
    await deliver();
    await expect.poll(shownButtons, { timeout: 15_000 }).toHaveLength(1);
    const loggedOut = await page.request.post('/api/auth/logout', { headers: originHeader() });
    expect(loggedOut.ok()).toBe(true);
    await tapButton('five_minutes');
    await expect.poll(workerMessages).toContainEqual({
      type: 'NOTIFICATION_CLICKED',
      url: `/conversations/${conversationId}`,
      conversationId,
    });
    await expect.poll(shownButtons).toEqual([]);
    await cdp.detach();
    // Signed in again, for the owner's vehicles to be removed after the journey.
    const signedIn = await page.request.post('/api/auth/login', {
      headers: originHeader(),
      data: { email: owner.email, password: owner.password, rememberMe: false },
    });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
  } finally {
    await pushService.close();
  }
});
