import { SAVED_DATA_DATABASE } from './forget-saved-data.js';
import type { SavedData } from './saved-data.js';

const STORE = 'saved';
/** One record: what is kept belongs to the one account last signed in on this browser (its id inside). */
const RECORD = 'current';

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withStore<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>) {
  const opening = indexedDB.open(SAVED_DATA_DATABASE, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
  const database = await settled(opening);
  // Closed at once, so that forgetSavedData (deleteDatabase) is never kept waiting by this window.
  try {
    return await settled(use(database.transaction(STORE, mode).objectStore(STORE)));
  } finally {
    database.close();
  }
}

export async function readSavedData(): Promise<SavedData | null> {
  const saved = (await withStore('readonly', (store) => store.get(RECORD))) as SavedData | undefined;
  return saved ?? null;
}

export async function writeSavedData(saved: SavedData): Promise<void> {
  await withStore('readwrite', (store) => store.put(saved, RECORD));
}
