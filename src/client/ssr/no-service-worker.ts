// The server's render never registers a service worker: the app registers it after it loads in a browser
// (app/service-worker-registration.ts). The renderer's build points `virtual:pwa-register` here.
export function registerSW(): never {
  throw new Error('No service worker on the server');
}
