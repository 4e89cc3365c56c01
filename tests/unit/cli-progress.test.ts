/**
 * The CLI's progress on stderr: one line per computed row once a run passes a second on a
 * terminal, from the start with --progress, never with --quiet, and never on stdout. Tested
 * through --progress (deterministic: no clock decides what is printed) and the not-a-terminal
 * and --quiet cases (nothing, whatever the time).
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../scripts/explore';

const SL = '#/file-access?table=mpe-sl-seq';
const noStdin = async () => '';

function collector(isTTY: boolean) {
  const lines: string[] = [];
  return { lines, sink: { write: (l: string) => void lines.push(l), isTTY } };
}

describe('explore: progress on stderr', () => {
  it('--progress: a line per row of the time table, in order; stdout unchanged', async () => {
    const plain = await run([SL, '--format', 'md']);
    const { lines, sink } = collector(false);
    const shown = await run([SL, '--format', 'md', '--progress'], noStdin, sink);
    expect(shown.exitCode).toBe(0);
    expect(shown.stdout).toBe(plain.stdout);
    expect(shown.stderr).toBe('');
    expect(lines).toEqual(
      [1, 2, 3, 4, 5].map((i) => `explore: file-access: ${i} of 5 rows computed\n`),
    );
  });

  it('not a terminal, or --quiet: no progress at all', async () => {
    const pipe = collector(false);
    await run([SL], noStdin, pipe.sink);
    expect(pipe.lines).toEqual([]);
    const quiet = collector(true);
    await run([SL, '--quiet'], noStdin, quiet.sink);
    expect(quiet.lines).toEqual([]);
  });
});
