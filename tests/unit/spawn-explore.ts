import { spawnSync } from 'node:child_process';

/** The CLI as a user runs it (`tsx scripts/explore.ts …`, `input` on stdin): exit code and output. */
export function cli(args: string[], input?: string) {
  const r = spawnSync('node_modules/.bin/tsx', ['scripts/explore.ts', ...args], {
    encoding: 'utf8',
    timeout: 240_000,
    input,
    maxBuffer: 64 * 2 ** 20,
  });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
