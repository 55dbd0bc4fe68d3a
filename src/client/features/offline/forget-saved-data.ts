/** The IndexedDB database that holds what is kept for offline use (saved-data-store.ts). */
export const SAVED_DATA_DATABASE = 'vehicle-contact-offline';

/**
 * Deletes what was kept for offline use (docs/decisions/0142-offline-that-is-useful.md): on sign-out, when
 * the session has ended or belongs to another account, in privacy mode. Answers once the browser has done
 * it, or has queued it behind another window's open connection.
 */
export function forgetSavedData(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve();
    const request = indexedDB.deleteDatabase(SAVED_DATA_DATABASE);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
  });
}
