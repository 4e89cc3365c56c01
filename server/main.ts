/**
 * `npm run class`: the class server for a teacher's room. Serves the built app (dist/) and the
 * class API (server/app.ts) with classes, students and answers in PostgreSQL — embedded
 * (PGlite, in .class-data/) unless DATABASE_URL names a server.
 *
 *   tsx server/main.ts [--port 8787] [--lan] [--host NAME …] [--data .class-data] [--dist dist]
 *                      [--lessons src/lessons]
 *
 * Listens on 127.0.0.1 only, unless --lan (then every address of this machine, and it prints
 * the room's addresses). It answers only to the names it listens as (127.0.0.1, localhost,
 * with --lan this machine's addresses, and each --host NAME): any other Host is a 421 (see
 * server/guard.ts). Bad arguments exit 2 with a one-line reason.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import QRCode from 'qrcode';
import { createClassApp } from './app.ts';
import { hostCheck } from './guard.ts';
import { loadLessons } from './lessons.ts';
import { FolderLocked, lockFolder } from './lock.ts';
import { openStore } from './store.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

function fail(reason: string): never {
  process.stderr.write(`class server: ${reason}\n`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: {
      port: { type: 'string', default: '8787' },
      lan: { type: 'boolean', default: false },
      host: { type: 'string', multiple: true, default: [] },
      data: { type: 'string', default: `${ROOT}.class-data` },
      dist: { type: 'string', default: `${ROOT}dist` },
      lessons: { type: 'string', default: `${ROOT}src/lessons` },
    },
    strict: true,
    allowPositionals: false,
  }).values;
} catch (e) {
  fail(
    `${e instanceof Error ? e.message : String(e)} (options: --port N, --lan, --host NAME, --data DIR, --dist DIR, --lessons DIR)`,
  );
}
const port = Number(args.port);
if (!Number.isInteger(port) || port < 1 || port > 65_535)
  fail(`--port must be a whole number from 1 to 65535, not “${args.port}”`);
const badHost = args.host.find((h) => !/^[a-z0-9]([a-z0-9.-]{0,252})$/i.test(h));
if (badHost !== undefined)
  fail(`--host must be a host name such as lab.school.example, not “${badHost.slice(0, 80)}”`);
if (!existsSync(`${args.dist}/index.html`))
  fail(`${args.dist}/index.html is missing: run \`npm run build\` first (npm run class does)`);
if (!statSync(args.lessons, { throwIfNoEntry: false })?.isDirectory())
  fail(`--lessons ${args.lessons} is not a folder of lesson files`);
const { lessons, problems } = loadLessons(args.lessons);
for (const p of problems) process.stderr.write(`class server: lesson left out: ${p}\n`);
if (lessons.size === 0) fail(`no lesson in ${args.lessons} can be read`);

const databaseUrl = process.env.DATABASE_URL || undefined;
// One server per data folder (server/lock.ts): a second one would silently lose a class.
if (!databaseUrl) {
  try {
    mkdirSync(args.data, { recursive: true });
    const lock = lockFolder(args.data);
    process.on('exit', lock.release);
  } catch (e) {
    fail(
      e instanceof FolderLocked
        ? e.message
        : `cannot lock the data folder ${args.data}: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}
const store = await openStore(databaseUrl ? { databaseUrl } : { dataDir: args.data }).catch(
  (e: unknown) =>
    fail(
      `cannot open the database: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`,
    ),
);
const hostname = args.lan ? '0.0.0.0' : '127.0.0.1';
/** This machine's first address on a network, for the room's join links (with --lan). */
const roomAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
/** Every address of this machine (with --lan, the room may use any of them). */
const addresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .flatMap((i) => (i ? [i.address.replace(/%.*$/, '')] : []));
const { app } = createClassApp({
  hosts: hostCheck(port, args.host, args.lan ? addresses : undefined),
  store,
  lessons,
  distDir: args.dist,
  fallbackHost: `127.0.0.1:${port}`,
  ...(args.lan && roomAddress ? { roomHost: `${roomAddress}:${port}` } : {}),
});

const server = serve({ fetch: app.fetch, hostname, port }, () => {
  const lan = Object.values(networkInterfaces())
    .flat()
    .filter((i) => i && i.family === 'IPv4' && !i.internal)
    .map((i) => `http://${i!.address}:${port}/`);
  const local = `http://127.0.0.1:${port}/`;
  const open = args.lan && lan[0] ? lan[0] : local;
  const lines = [
    `Latency Lab class server on ${local}`,
    `  store: ${databaseUrl ? 'PostgreSQL at DATABASE_URL' : `embedded PostgreSQL in ${args.data}`}`,
    args.lan
      ? `  the room joins at: ${lan.join('  ') || '(this machine has no network address)'}`
      : '  only this computer can reach it; start with --lan for the room',
    `Open ${open} , choose a lesson and press “Teach this lesson to a class”.`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  void QRCode.toString(open, { type: 'terminal', small: true }).then((qr) =>
    process.stdout.write(qr),
  );
});
server.on('error', (e: NodeJS.ErrnoException) =>
  fail(
    e.code === 'EADDRINUSE'
      ? `port ${port} is in use — another class server may be running there (open http://127.0.0.1:${port}/); to run a second one, give it --port ${port + 1} and its own --data folder`
      : e.message,
  ),
);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  // Open event streams would hold close() forever: the store is closed, then the process ends.
  server.close();
  void store.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
