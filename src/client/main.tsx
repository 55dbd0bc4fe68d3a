import { StrictMode, startTransition, useSyncExternalStore } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isLocale } from '../shared/i18n/locales.js';
import { App } from './app/app.js';
import { firstPagePart, preloadFirstPage } from './app/pages.js';
import { registerServiceWorker } from './app/service-worker-registration.js';
import { prepareClassMerge } from './components/ui/cn.js';
import { captureWorkerMessages } from './features/app-badge/worker-messages.js';
import { prefetchUser } from './features/auth/queries.js';
import { captureInstallPrompt } from './features/install/install-capture.js';
import { appLocale, followAccountLocale, rememberedAccountLocale } from './features/settings/language.js';
import { activateLocale, currentLocale, subscribeToLocale } from './lib/i18n.js';
import { takeServerPage } from './lib/page-state.js';
import { queryClient } from './lib/query-client.js';
import { hasSessionHint } from './lib/session-hint.js';
import { startTheme } from './lib/theme.js';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// A finder's page the server drew (decision 0168): its answers go into the cache before anything asks.
const isServerPage = takeServerPage(queryClient);

// The session's answer and the first page's chunk (and data) are asked for before React draws anything.
prefetchUser(queryClient);
preloadFirstPage(window.location, hasSessionHint());
startTheme();
// Before anything else can delay it: the browser's install offer may come before the install chunk loads.
captureInstallPrompt();
// Likewise the service worker's messages: a notification click's may come before the bridge chunk loads.
captureWorkerMessages();

// Browsers report a harmless "ResizeObserver loop" error when layout settles late; keep it out of error handling.
window.addEventListener('error', (event) => {
  if (event.message?.includes('ResizeObserver loop')) event.stopImmediatePropagation();
});

/** A task of its own for what follows (a timer's: the browser may handle input and paint in between). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The app, drawn anew in a language chosen in Settings: every screen turns at once (lib/i18n.ts). */
function InItsLanguage() {
  const locale = useSyncExternalStore(subscribeToLocale, currentLocale, currentLocale);
  return <App key={locale} />;
}

// The first page's part of the language's catalogue arrives with its chunk and data, asked for above.
// This browser's choice, else the account's as last seen (the session's answer may change it: Settings'
// language.ts follows it), else the browser's languages. A page the server drew is taken over in the language
// it was drawn in (<html lang>), so the two match; the app's own language follows if it is another.
const locale = appLocale(rememberedAccountLocale());
const drawnIn = document.documentElement.lang;
const app = (
  <StrictMode>
    <InItsLanguage />
  </StrictMode>
);
void activateLocale(
  isServerPage && isLocale(drawnIn) ? drawnIn : locale,
  firstPagePart(window.location, hasSessionHint()),
).then(async () => {
  followAccountLocale(queryClient);
  if (isServerPage) {
    // The page is already there to read: taking it over is work for the browser's quiet moments, each part a
    // task of its own (decision 0169). The class merger's tables first, then the takeover as a transition,
    // which yields to the browser (input, paint) every few milliseconds instead of one long task.
    await nextTask();
    prepareClassMerge();
    await nextTask();
    startTransition(() => {
      hydrateRoot(container, app);
    });
    if (drawnIn !== locale) void activateLocale(locale);
  } else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
});

registerServiceWorker();
