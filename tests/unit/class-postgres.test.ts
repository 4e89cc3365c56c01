/**
 * The class store's SQL on a real PostgreSQL server — the path a department takes with
 * DATABASE_URL — from Debian's `postgresql` package: a throwaway cluster in a temporary folder
 * on a free port of 127.0.0.1, run as the `postgres` user (PostgreSQL refuses root). Without
 * the package this fails and says how to install it; it never skips (.ci/run installs it).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openStore } from '../../server/store';
import { storeContract } from './class-store';

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error("PostgreSQL not found: run 'apt-get install -y postgresql' (Debian)");
  return join(base, versions[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

let dir = '';
let bin = '';
let url = '';
const asRoot = userInfo().uid === 0;
/** A PostgreSQL tool as the `postgres` user when we are root, else as ourselves. */
const run = (tool: string, args: string[]) =>
  asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'pipe' })
    : execFileSync(join(bin, tool), args, { stdio: 'pipe' });

beforeAll(async () => {
  bin = postgresBin();
  dir = mkdtempSync(join(tmpdir(), 'latency-lab-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  run('initdb', ['-D', join(dir, 'data'), '--auth=trust', '-U', 'postgres', '--no-sync']);
  run('pg_ctl', [
    '-D',
    join(dir, 'data'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
  ]);
  url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
});

afterAll(() => {
  if (dir && existsSync(join(dir, 'data', 'postmaster.pid')))
    run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

storeContract('PostgreSQL (Debian’s server, as with DATABASE_URL)', () =>
  openStore({ databaseUrl: url }),
);
