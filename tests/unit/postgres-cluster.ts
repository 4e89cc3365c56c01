/**
 * A throwaway PostgreSQL cluster from Debian's `postgresql` package: a temporary folder, a free
 * port of 127.0.0.1, run as the `postgres` user when the tests run as root (PostgreSQL refuses
 * root). Without the package it fails and says how to install it; it never skips (.ci/run
 * installs it).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './class-helpers';

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error(
      "PostgreSQL's server is not installed (no /usr/lib/postgresql/*/bin/initdb): " +
        'run `apt-get install -y postgresql` (Debian; .ci/run does this).',
    );
  return join(base, versions[0], 'bin');
}

export interface PostgresCluster {
  /** `postgresql://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** Starts it (again, after a stop or a crash) on its port. */
  start(): void;
  /** `fast`: the clients are told; `immediate`: as a crash. */
  stop(mode: 'fast' | 'immediate'): void;
  /** Stopped at once if it runs, and its folder removed. */
  remove(): void;
}

/** A new cluster, started; `options` go to the server (e.g. `-c fsync=off`). */
export async function startPostgres(options = ''): Promise<PostgresCluster> {
  const bin = postgresBin();
  const asRoot = userInfo().uid === 0;
  /** A PostgreSQL tool as the `postgres` user when we are root, else as ourselves. */
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], {
          stdio: 'pipe',
        })
      : execFileSync(join(bin, tool), args, { stdio: 'pipe' });
  // A folder of its own: the `postgres` user cannot enter the test's (mode 0700, root's).
  const dir = mkdtempSync(join(tmpdir(), 'latency-lab-pg-'));
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const port = await freePort();
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--no-sync']);
  const server = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${options}`.trim();
  const cluster: PostgresCluster = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', data, '-o', server, '-l', join(dir, 'log'), '-w', 'start']),
    stop: (mode) => run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    remove() {
      if (existsSync(join(data, 'postmaster.pid'))) cluster.stop('immediate');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
