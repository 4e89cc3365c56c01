/**
 * The CLI's time budget (issue 37): `--timeout SECONDS`, 60 by default. A link whose work,
 * estimated before it runs, is over the budget even at a fast machine's rate is refused at
 * once; a run still going when the budget is used up is stopped (its worker thread ended).
 * Either way: exit code 2, one line on stderr, nothing on stdout.
 *
 * No outcome here depends on the machine's speed: the estimate is arithmetic on the link, and
 * the one stopped run has a budget of 1 ms against a fresh worker thread, which must start,
 * load the model and run it (no machine does that in a millisecond).
 */
import { describe, expect, it } from 'vitest';
import { fileAccessModel } from '../../src/models/file-access';
import { FAST_STEPS_PER_SECOND } from '../../src/models/file-access/work';
import { closeWorkers, DEFAULT_TIMEOUT_S, jobEstimate, run } from '../../scripts/explore';
import { cli } from './spawn-explore';

/** In range: 2,000,000 records of 32 KB in 512-byte pages, 128 million pages a run. */
const HUGE = '#/file-access?records=2000000&recordBytes=32768&logicalPageBytes=512';
const noStdin = async () => '';

function oneLine(stderr: string) {
  expect(stderr.endsWith('\n')).toBe(true);
  expect(stderr.slice(0, -1)).not.toContain('\n');
}

describe('explore: the time budget', () => {
  it('the reproducer, spawned: 2,000,000 records ends at once with exit 2 and one line', () => {
    const r = cli([HUGE]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    oneLine(r.stderr);
    expect(r.stderr).toMatch(
      /^explore: file-access: this link needs at least \d+ s even on a fast machine \([\d,]+ runs of a 128,000,000-page file.*over the 60 s time budget; it was not started — allow more with --timeout \d+/,
    );
  });

  it('refuses by the estimate, whatever the budget below it; the estimate is only arithmetic', async () => {
    const params = fileAccessModel.paramsOf({
      records: 2_000_000,
      recordBytes: 32_768,
      logicalPageBytes: 512,
    });
    const est = jobEstimate(fileAccessModel, params, { map: null, sensitivity: false })!;
    // At least 105 runs (5 rows × 21 with intervals; a FREADSEEK row is the mean of up to 16)
    // of 128,000,000 pages, at the fast rate.
    expect(est.steps).toBeGreaterThanOrEqual(105 * 128_000_000);
    // Pages at the fast page rate (FREADSEEK calls, at a faster rate, add a little).
    expect(est.seconds).toBeGreaterThanOrEqual((105 * 128_000_000) / FAST_STEPS_PER_SECOND);
    expect(est.seconds).toBeGreaterThan(DEFAULT_TIMEOUT_S);
    for (const timeout of ['0.5', '30', '60']) {
      const r = await run([HUGE, '--timeout', timeout], noStdin);
      expect(r.exitCode).toBe(2);
      expect(r.stdout).toBe('');
      oneLine(r.stderr);
      expect(r.stderr).toContain(`over the ${timeout} s time budget`);
    }
    // --sensitivity runs the tables 1 + 2 × (numeric knobs) times more: more work, never less.
    const withSens = jobEstimate(fileAccessModel, params, { map: null, sensitivity: true })!;
    expect(withSens.steps).toBeGreaterThan(est.steps);
    // The paper's own file is far inside the default budget.
    const sl = jobEstimate(fileAccessModel, fileAccessModel.paramsOf({}), {
      map: null,
      sensitivity: false,
    })!;
    expect(sl.seconds).toBeLessThan(DEFAULT_TIMEOUT_S / 100);
  });

  it('stops a run that outlasts its budget: 1 ms against a fresh worker thread', async () => {
    await closeWorkers();
    // page-replacement declares no estimate: only the budget bounds it, in its thread.
    const r = await run(['#/page-replacement', '--timeout', '0.001'], noStdin);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    oneLine(r.stderr);
    expect(r.stderr).toBe(
      'explore: page-replacement: the run used up its 0.001 s time budget and was stopped before it finished — allow more with --timeout 200.\n',
    );
    // The next run starts a new thread and is not disturbed by the stopped one.
    const ok = await run(['#/page-replacement', '--format', 'md'], noStdin);
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout).toContain('|');
  });

  it('--timeout must be a number of seconds in range, given once', async () => {
    for (const bad of [['abc'], ['0'], ['-5'], ['86401'], ['1e3'], []]) {
      const r = await run(['#/page-replacement', '--timeout', ...bad], noStdin);
      expect(r.exitCode, bad.join()).toBe(2);
      oneLine(r.stderr);
      expect(r.stderr).toContain('--timeout');
    }
    const twice = await run(['#/page-replacement', '--timeout=5', '--timeout', '6'], noStdin);
    expect(twice.stderr).toBe('--timeout is given twice.\n');
  });
});
