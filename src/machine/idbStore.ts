/**
 * The ledger kept in the browser: one IndexedDB object store, entries by id. The raw API
 * (a few requests; no package needed). Where IndexedDB is missing or refused (a private
 * window in some browsers), the page says so and keeps the ledger in memory for the visit.
 */
import type { LedgerEntry, LedgerStore } from './ledger';

const DB = 'latency-lab-machine';
const STORE = 'ledger';

const done = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

export function openIdbStore(): Promise<LedgerStore> {
  if (typeof indexedDB === 'undefined')
    return Promise.reject(new Error('This browser has no IndexedDB.'));
  let open: IDBOpenDBRequest;
  try {
    open = indexedDB.open(DB, 1);
  } catch (e) {
    // Some browsers refuse at once (a sandboxed or private page: SecurityError).
    return Promise.reject(e instanceof Error ? e : new Error(String(e)));
  }
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(STORE))
      open.result.createObjectStore(STORE, { keyPath: 'id' });
  };
  return done(open).then((db) => {
    const tx = (mode: IDBTransactionMode) => db.transaction(STORE, mode).objectStore(STORE);
    const committed = (store: IDBObjectStore) =>
      new Promise<void>((resolve, reject) => {
        store.transaction.oncomplete = () => resolve();
        store.transaction.onerror = () =>
          reject(store.transaction.error ?? new Error('IndexedDB write failed'));
        store.transaction.onabort = () =>
          reject(store.transaction.error ?? new Error('IndexedDB write aborted'));
      });
    return {
      load: () => done(tx('readonly').getAll() as IDBRequest<LedgerEntry[]>),
      async put(e) {
        const s = tx('readwrite');
        s.put(e);
        await committed(s);
      },
      async clear() {
        const s = tx('readwrite');
        s.clear();
        await committed(s);
      },
    } satisfies LedgerStore;
  });
}
