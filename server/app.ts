import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { LIMITS } from '../src/class/protocol.ts';
import { problem as said } from '../src/class/refusals.ts';
import type { Lesson } from '../src/scenario/lessonShape.ts';
import { Hub } from './events.ts';
import { guard, type HostCheck } from './guard.ts';
import { StoreWatch } from './health.ts';
import type { Store } from './store.ts';
import { classRoutes } from './routes/classes.ts';
import { exportRoutes } from './routes/exports.ts';
import { fileRoutes, notFoundPage } from './routes/files.ts';
import { Refusal, routeKit } from './routes/kit.ts';
import { rosterRoutes } from './routes/roster.ts';
import { stepRoutes } from './routes/steps.ts';
import { streamRoutes } from './routes/stream.ts';
import { registerMachineAtlas } from './machineAtlas.ts';

export { answersCsv, csvField } from './routes/exports.ts';
export { CLASS_META } from './routes/files.ts';

/**
 * The class server's HTTP side: the JSON API of docs/class-mode.md, its event streams, and
 * the built app (dist/) with the hosting headers of src/hosting/headers.ts. The routes are
 * grouped by concern in server/routes/ (classes, roster, steps, exports, stream, files), on one
 * kit of shared checks (routes/kit.ts). Everything a
 * request sends is checked (src/class/protocol.ts) before anything is stored, and a refusal
 * says why in one sentence, with its code and values (src/class/refusals.ts). The server never fetches another address.
 */
export interface ClassAppOptions {
  store: Store;
  lessons: ReadonlyMap<string, Lesson>;
  /** The built app; without it only the API is served. */
  distDir?: string;
  /** The rate limiters' clock (ms); tests drive it. */
  now?: () => number;
  /** Host for join links when a request names none, e.g. `127.0.0.1:8787`. */
  fallbackHost?: string;
  /**
   * With --lan: this machine's address in the room, e.g. `192.168.1.20:8787`. A teacher who
   * opened the app as localhost still gets a join link the students' phones can reach.
   */
  roomHost?: string;
  /**
   * The names this server answers to (server/guard.ts); without it any Host is taken (tests
   * that call `app.request()`, which sends none).
   */
  hosts?: HostCheck;
}

export function createClassApp({
  store: givenStore,
  lessons,
  distDir,
  now = Date.now,
  fallbackHost = '127.0.0.1',
  roomHost,
  hosts,
}: ClassAppOptions) {
  const hub = new Hub();
  // The store's failures as 503s with a sentence, and a health line on every board.
  const watch = new StoreWatch((health) => hub.broadcast('health', health, true));
  const store = watch.watch(givenStore);
  const kit = routeKit({ store, hub, watch, lessons, now });
  const app = new Hono();

  app.onError((err, c) => {
    if (err instanceof Refusal) {
      if (err.retryAfter) c.header('Retry-After', String(err.retryAfter));
      return c.json(err.problem, err.status);
    }
    const problem = watch.problemOf(err);
    if (problem) {
      console.error(
        `class server: ${problem.error} (${err instanceof Error ? err.message : String(err)})`,
      );
      c.header('Retry-After', '5');
      return c.json(problem, 503);
    }
    console.error(err);
    return c.json(said('failed'), 500);
  });

  // Before routing: the Host, a cross-site request, a path in other than its plain form.
  app.use(
    guard(hosts, (c, status, why) => {
      if (new URL(c.req.url).pathname.startsWith('/api/')) {
        const res = c.json(why, status);
        res.headers.set('Cache-Control', 'no-store');
        return res;
      }
      return notFoundPage(c, status, why.error);
    }),
  );
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
  });
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: LIMITS.bodyBytes,
      onError: (c) => c.json(said('body', { kb: LIMITS.bodyBytes / 1024 }), 413),
    }),
  );

  app.get('/api/health', (c) => c.json({ ok: true, store: watch.health }));
  for (const routes of [
    classRoutes({ fallbackHost, roomHost }),
    rosterRoutes,
    stepRoutes,
    exportRoutes,
    streamRoutes,
  ])
    routes(app, kit);
  registerMachineAtlas(app, {
    store,
    classOf: kit.classOf,
    studentOf: kit.studentOf,
    asTeacher: kit.asTeacher,
    body: kit.body,
    limitStudent: (t) => kit.limit(kit.limiters.perStudent, t),
  });
  app.all('/api/*', (c) => c.json(said('noRequest'), 404));

  if (distDir) fileRoutes(app, distDir);
  app.notFound((c) =>
    new URL(c.req.url).pathname.startsWith('/api/')
      ? c.json(said('noRequest'), 404)
      : notFoundPage(c),
  );

  return { app, hub };
}
