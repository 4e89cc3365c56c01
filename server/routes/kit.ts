import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { CODE_PATTERN, describeIssues, type ClassState } from '../../src/class/protocol.ts';
import { problem, type Problem } from '../../src/class/refusals.ts';
import type { Lesson } from '../../src/scenario/lessonShape.ts';
import type { Hub } from '../events.ts';
import type { StoreWatch } from '../health.ts';
import { RateLimiter } from '../limits.ts';
import type { Store } from '../store.ts';

/**
 * What every route of the class API shares (server/app.ts builds it once per app): the store
 * (watched for failures), the event hub, the rate limiters on the injected clock, and the
 * checks a request goes through — its body, its class, its teacher key, its student token.
 * A refusal is thrown (`refuse`) and answered by the app's error handler as
 * `{ error, code, values }` (src/class/refusals.ts).
 */

export type Code = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 421 | 429 | 500 | 503;

export class Refusal extends Error {
  constructor(
    readonly status: Code,
    readonly problem: Problem,
    readonly retryAfter?: number,
  ) {
    super(problem.error);
  }
}

export const refuse = (status: Code, why: Problem, retryAfter?: number): never => {
  throw new Refusal(status, why, retryAfter);
};

export interface KitOptions {
  store: Store;
  hub: Hub;
  watch: StoreWatch;
  lessons: ReadonlyMap<string, Lesson>;
  now: () => number;
}

export type Kit = ReturnType<typeof routeKit>;
/** A group of routes: registered on the app with the shared kit. */
export type Routes = (app: Hono, kit: Kit) => void;

export function routeKit({ store, hub, watch, lessons, now }: KitOptions) {
  const limiters = {
    // A whole room may share one address (a school's NAT): joins are limited generously; the
    // seats one address may hold are limited by the class size (protocol.ts addressShare).
    perAddress: new RateLimiter(600, 50, now),
    // Wrong class codes and teacher keys, per address: 30 at once, then one every 2 s.
    guesses: new RateLimiter(30, 0.5, now),
    newClasses: new RateLimiter(20, 1, now),
    perStudent: new RateLimiter(20, 5, now),
    perTeacher: new RateLimiter(30, 10, now),
  };
  const { guesses, perTeacher } = limiters;

  const limit = (limiter: RateLimiter, key: string) => {
    const wait = limiter.take(key);
    if (wait > 0) refuse(429, problem('tooMany', { s: wait }), Math.max(1, wait));
  };
  const addressOf = (c: Context): string => {
    const raw = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
      ?.incoming?.socket?.remoteAddress;
    // An IPv4 client of a dual-stack socket arrives as ::ffff:a.b.c.d. No socket (a test's
    // `app.request()`): no address, and no share of seats to hold to.
    return raw ? raw.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '') : '';
  };
  /** Before a lookup that a guess could fail: refused while this address guessed too often. */
  const notGuessing = (c: Context) => {
    const wait = guesses.wait(addressOf(c));
    if (wait > 0) refuse(429, problem('wrongCodes', { s: wait }), wait);
  };
  const guessedWrong = (c: Context) => void guesses.take(addressOf(c));

  async function body<T extends v.GenericSchema>(c: Context, schema: T): Promise<v.InferOutput<T>> {
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
      refuse(415, problem('notJson'));
    let raw: unknown;
    try {
      raw = JSON.parse(await c.req.text());
    } catch {
      refuse(400, problem('badJson'));
    }
    const parsed = v.safeParse(schema, raw);
    if (!parsed.success) refuse(400, describeIssues(parsed.issues));
    return (parsed as v.SafeParseResult<T> & { success: true }).output;
  }

  async function classOf(c: Context): Promise<ClassState> {
    notGuessing(c);
    const code = c.req.param('code') ?? '';
    const found = CODE_PATTERN.test(code) ? await store.getClass(code) : null;
    if (!found) guessedWrong(c);
    return found ?? refuse(404, problem('noClass', { code: code.slice(0, 20) }));
  }

  async function asTeacher(c: Context, state: ClassState, key?: string): Promise<string> {
    const given = key ?? c.req.header('x-teacher-key') ?? '';
    if (!given) refuse(401, problem('needKey'));
    notGuessing(c);
    if (!(await store.isTeacher(state.code, given))) {
      guessedWrong(c);
      refuse(403, problem('wrongKey'));
    }
    limit(perTeacher, given);
    return given;
  }

  async function studentOf(c: Context, state: ClassState) {
    const token = /^Bearer (\S{1,100})$/.exec(c.req.header('authorization') ?? '')?.[1];
    const student = token ? await store.studentByToken(state.code, token) : null;
    if (!student || !token) return refuse(401, problem('unknownStudent'));
    return { student, token };
  }

  const lessonOf = (state: ClassState): Lesson =>
    lessons.get(state.lessonId) ?? refuse(409, problem('lessonGone'));

  return {
    store,
    hub,
    watch,
    lessons,
    limiters,
    limit,
    addressOf,
    body,
    classOf,
    asTeacher,
    studentOf,
    lessonOf,
    now,
  };
}
