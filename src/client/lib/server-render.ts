/**
 * Whether this module runs in the server's render of a page (src/client/ssr/render.tsx) rather than in a
 * browser: what waits for the browser (a catalogue's download, a store that only the browser has) answers
 * at once there.
 */
let isServer = false;

export const isServerRender = (): boolean => isServer;

export function markServerRender(): void {
  isServer = true;
}
