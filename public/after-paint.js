// Loads the app's script once a page the server drew has been painted (docs/decisions/0168): the page is
// whole without it, so on a slow network its bytes never compete with the page's own. A classic deferred
// script, so it runs once the document is parsed; the app's entry (its data-entry) is asked for once the
// browser reports the first contentful paint (or after a second, where it reports none).
//
// The browser's install offer may come before the app has started, and one not kept is lost: kept here
// (its mini-infobar held back, as the app does: features/install/install-capture.ts) and handed to the app
// once its script has run.
{
  const entry = document.currentScript?.getAttribute('data-entry');
  const early = [];
  const keep = (event) => {
    if (event.type === 'beforeinstallprompt') event.preventDefault();
    early.push(event);
  };
  const kept = ['beforeinstallprompt', 'appinstalled'];
  for (const type of kept) addEventListener(type, keep);
  let isAsked = false;
  const load = () => {
    if (isAsked || !entry) return;
    isAsked = true;
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    app.addEventListener('load', () => {
      for (const type of kept) removeEventListener(type, keep);
      for (const event of early) dispatchEvent(event);
    });
    document.head.append(app);
  };
  try {
    new PerformanceObserver((list) => {
      if (list.getEntries().some((paint) => paint.name === 'first-contentful-paint')) setTimeout(load, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // A browser without paint timing.
  }
  setTimeout(load, 1000);
}
