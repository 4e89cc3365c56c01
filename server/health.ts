import type { StoreHealth } from '../src/class/protocol.ts';
import { problem, type Problem } from '../src/class/refusals.ts';
import type { Store } from './store.ts';

/**
 * When the store fails — its disc full, its folder no longer writable, the PostgreSQL server
 * of DATABASE_URL stopped — a request is answered 503 with a sentence the student and the
 * teacher's board both show, and the board keeps a health line until a write succeeds again.
 * Nothing is acknowledged that was not committed: a failed write is a failed request.
 */

/** A store failure the room should hear about, as one problem; null for any other error. */
export function storeProblem(e: unknown): Problem | null {
  const err = e as { code?: unknown; errno?: unknown; message?: unknown } | null;
  const code = typeof err?.code === 'string' ? err.code : '';
  const message = typeof err?.message === 'string' ? err.message : '';
  // SQLSTATE 53100 disk_full (PostgreSQL, PGlite), or the OS's own words.
  if (code === '53100' || code === 'ENOSPC' || code === 'EDQUOT' || /No space left/i.test(message))
    return problem('storeFull');
  // 58030 io_error; the OS refusing to write (a read-only or vanished disc, permissions).
  if (
    code === '58030' ||
    ['EROFS', 'EACCES', 'EPERM', 'EIO'].includes(code) ||
    /Read-only file system|Permission denied|Input\/output error/i.test(message)
  )
    return problem('storeDisc');
  // 08xxx connection exceptions, 57P0x shutting down, and the socket's own errors.
  if (
    /^08/.test(code) ||
    /^57P0/.test(code) ||
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE'].includes(
      code,
    ) ||
    /Connection terminated|connection to server|the database system is (shutting down|starting up)/i.test(
      message,
    )
  )
    return problem('storeReach');
  return null;
}

/** Store methods that only read: their success says the store is reachable, not writable. */
const READS = new Set<string>(['getClass', 'isTeacher', 'studentByToken', 'students', 'answers']);

/**
 * The store's health as the last calls saw it, and `watch(store)`: the same store, each call
 * noting a failure (`storeProblem`) or a success. `onChange` hears each change.
 */
export class StoreWatch {
  health: StoreHealth = { problem: null };
  /** Errors that came out of the store (not, say, from reading dist/). */
  private readonly fromStore = new WeakSet<object>();
  constructor(private readonly onChange: (h: StoreHealth) => void) {}

  private set(p: Problem | null) {
    if ((p?.error ?? null) === this.health.problem) return;
    this.health = p ? { problem: p.error, code: p.code as StoreHealth['code'] } : { problem: null };
    this.onChange(this.health);
  }

  /** The problem of an error the store threw, or null (another error, or not a failure). */
  problemOf(e: unknown): Problem | null {
    return typeof e === 'object' && e !== null && this.fromStore.has(e) ? storeProblem(e) : null;
  }

  watch(store: Store): Store {
    const wrapped = new Map<PropertyKey, unknown>();
    return new Proxy(store, {
      get: (target, name, receiver) => {
        const fn: unknown = Reflect.get(target, name, receiver);
        if (typeof fn !== 'function' || name === 'close') return fn;
        if (!wrapped.has(name))
          wrapped.set(name, async (...args: unknown[]) => {
            try {
              const out: unknown = await (fn as (...a: unknown[]) => Promise<unknown>).apply(
                target,
                args,
              );
              // A write that went through clears any problem; a read clears "cannot be reached".
              if (!READS.has(String(name)) || this.health.code === 'storeReach') this.set(null);
              return out;
            } catch (e) {
              if (typeof e === 'object' && e !== null) this.fromStore.add(e);
              const p = storeProblem(e);
              if (p) this.set(p);
              throw e;
            }
          });
        return wrapped.get(name);
      },
    });
  }
}
