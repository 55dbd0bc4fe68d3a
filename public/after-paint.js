// Loads the app's script once a page the server drew has been painted (docs/decisions/0168): the page is
// whole without it, so on a slow network its bytes never compete with the page's own. A classic deferred
// script, so it runs once the document is parsed; the app's entry (its data-entry) is asked for once the
// browser reports the first contentful paint (or after a second, where it reports none).
{
  const entry = document.currentScript?.getAttribute('data-entry');
  let isAsked = false;
  const load = () => {
    if (isAsked || !entry) return;
    isAsked = true;
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
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
