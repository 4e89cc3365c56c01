/**
 * The plain C loop beside the JS policies (issue #12): `paging.c` compiled with the system
 * `cc -O2` into a temporary directory at bench time (no binary is committed), run on the very
 * reference string the JS bench ran (written as little-endian int32 to a temporary file), so
 * both sides see the same generator, seed and frames. `null` with a reason where there is no
 * `cc` or the build fails: the bench then says so and goes on.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CLoopResult {
  policy: 'LRU' | 'CLOCK';
  misses: number;
  /** Best wall time of the runs, ms. */
  ms: number;
}

export type CLoopOutcome =
  { ok: true; results: CLoopResult[]; compiler: string } | { ok: false; reason: string };

const SOURCE = fileURLToPath(new URL('./paging.c', import.meta.url));

function compilerVersion(): string | null {
  const r = spawnSync('cc', ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return null;
  return r.stdout.split('\n')[0]!.trim();
}

/** The C loop, built: run it any number of times, then `dispose()` (removes the temp dir). */
export interface CLoop {
  compiler: string;
  run(refs: Int32Array, frames: number, runs: number): CLoopResult[];
  dispose(): void;
}

/** Compiles paging.c with `cc -O2` into a temporary directory, or says why it cannot. */
export function buildCLoop(): { ok: true; loop: CLoop } | { ok: false; reason: string } {
  const compiler = compilerVersion();
  if (!compiler) return { ok: false, reason: 'no C compiler (`cc`) on this machine' };
  const dir = mkdtempSync(join(tmpdir(), 'latency-lab-paging-'));
  const dispose = () => rmSync(dir, { recursive: true, force: true });
  const exe = join(dir, 'paging');
  const build = spawnSync('cc', ['-O2', '-o', exe, SOURCE], { encoding: 'utf8' });
  if (build.status !== 0) {
    dispose();
    return { ok: false, reason: `cc -O2 failed: ${(build.stderr || '').split('\n')[0]}` };
  }
  const file = join(dir, 'refs.bin');
  const run = (refs: Int32Array, frames: number, runs: number): CLoopResult[] => {
    const le = new DataView(new ArrayBuffer(refs.length * 4));
    for (let i = 0; i < refs.length; i++) le.setInt32(i * 4, refs[i]!, true);
    writeFileSync(file, new Uint8Array(le.buffer));
    const out = execFileSync(exe, [file, String(frames), String(runs)], { encoding: 'utf8' });
    return out
      .trim()
      .split('\n')
      .map((line): CLoopResult => {
        const [policy, misses, ms] = line.split(' ');
        if (policy !== 'LRU' && policy !== 'CLOCK') throw new Error(`C loop said: ${line}`);
        return { policy, misses: Number(misses), ms: Number(ms) };
      });
  };
  return { ok: true, loop: { compiler, run, dispose } };
}

/** Runs LRU and CLOCK in C on `refs` (dense page ids) with `frames` frames, best of `runs`. */
export function runCLoop(refs: Int32Array, frames: number, runs: number): CLoopOutcome {
  const built = buildCLoop();
  if (!built.ok) return built;
  try {
    return { ok: true, results: built.loop.run(refs, frames, runs), compiler: built.loop.compiler };
  } catch (e) {
    return { ok: false, reason: `C loop failed: ${String(e).split('\n')[0]}` };
  } finally {
    built.loop.dispose();
  }
}
