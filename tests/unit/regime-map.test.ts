/**
 * Regime maps from the command line (`explore --map`, src/compare/regimeMap.ts): the headline
 * quantity over two knobs, or which option wins in each cell — computed by the same model
 * code, with the physics visible in the answer (RPC's short start-up wins a short run, shared
 * memory's cheap calls a long one), and a bad request refused in one line with exit code 2.
 */
import { describe, expect, it } from 'vitest';
import { decideCell, gridValues } from '../../src/compare/regimeMap';
import { findModelInfo } from '../../src/models/registry';
import type { NumberParamSpec } from '../../src/models/types';
import { run, type MapOutput } from '../../scripts/explore';

const LINK = '/#/cross-boundary?table=doct-ipc';
const map = async (spec: string, format = 'json') => {
  const r = await run([LINK, '--map', spec, '--format', format]);
  expect(r.stderr).toBe('');
  expect(r.exitCode).toBe(0);
  return r.stdout;
};

describe('explore --map', () => {
  it('maps the headline quantity over a call overhead and the iterations', async () => {
    const out = JSON.parse(await map('x=doctFactor,y=iterations')) as MapOutput;
    const m = out.map;
    expect(out.model).toBe('cross-boundary');
    expect([m.x.param, m.y.param]).toEqual(['doctFactor', 'iterations']);
    expect(m.x.values).toHaveLength(12);
    expect(m.y.scale).toBe('log');
    expect(m.y.values[0]).toBe(1);
    expect(m.y.values.at(-1)).toBe(100_000_000);
    expect(m.cells).toHaveLength(m.y.values.length);
    // The map names a cell that moves with both knobs; every value is a positive time.
    expect(m.unit).toBe('s');
    for (const row of m.cells)
      for (const c of row) for (const v of c.values) expect(v).toBeGreaterThan(0);
    const corner = (j: number, i: number) => m.cells[j]![i]!.values[0]!;
    expect(corner(11, 0)).toBeGreaterThan(corner(0, 0));
    expect(corner(11, 11)).toBeGreaterThan(corner(11, 0));
    expect(m.scenario).toEqual({ x: 4.5, y: 1_000_000 });
  });

  it('says which transport wins: RPC for a short run, shared memory for a long one', async () => {
    const out = JSON.parse(
      await map('x=doctFactor,y=iterations,compare=transport:SM|RPC,n=8'),
    ) as MapOutput;
    const m = out.map;
    expect(m.options).toEqual(['transport=SM', 'transport=RPC']);
    expect(m.better).toBe('lower');
    expect(m.cells[0]!.every((c) => c.best === 'transport=RPC')).toBe(true);
    expect(m.cells.at(-1)!.every((c) => c.best === 'transport=SM')).toBe(true);
    // One crossing per column: once shared memory wins, more calls never hand it back.
    for (let i = 0; i < m.x.values.length; i++) {
      const winners = m.cells.map((row) => row[i]!.best);
      const first = winners.indexOf('transport=SM');
      expect(winners.slice(first).every((w) => w === 'transport=SM')).toBe(true);
    }
    const md = await map('x=doctFactor,y=iterations,compare=transport:SM|RPC,n=8', 'md');
    expect(md.split('\n').filter((l) => l.startsWith('| ')).length).toBe(1 + 8 + 1);
    const csv = await map('x=doctFactor,y=iterations,compare=transport:SM|RPC,n=8', 'csv');
    expect(csv.trim().split('\n')).toHaveLength(1 + 8 * 8 * 2);
  });

  it('steps a page-size axis through powers of two', () => {
    const spec = findModelInfo('file-access')!.params.find(
      (p) => p.key === 'logicalPageBytes',
    ) as NumberParamSpec;
    const values = gridValues(spec, 12);
    expect(values.every((v) => Number.isInteger(Math.log2(v)))).toBe(true);
    expect([values[0], values.at(-1)]).toEqual([512, 65_536]);
  });

  it('refuses a bad request in one line, exit code 2', async () => {
    for (const [spec, message] of [
      ['x=doctFactor', /needs both x=<param> and y=<param>/],
      ['x=doctFactor,y=nope', /y=nope: cross-boundary has no such parameter/],
      ['x=doctFactor,y=doctFactor', /two different parameters/],
      ['x=doctFactor,y=transport', /not a number parameter/],
      ['x=doctFactor,y=iterations,n=1', /n must be a whole number from 2 to 40/],
      ['x=doctFactor,y=iterations,n=abc', /n must be a whole number/],
      ['x=doctFactor,y=iterations,colour=red', /'colour' is not a map field/],
      ['x=doctFactor,y=iterations,compare=transport:SM|pigeon', /no option pigeon/],
      ['x=doctFactor,y=iterations,table=nope', /table=nope: not a table/],
      ['x=doctFactor,y=iterations,tie=lots', /tie must be a per cent from 0 to 50/],
      ['x=doctFactor,y=iterations,tie=60', /tie must be a per cent from 0 to 50/],
      ['x=doctFactor,y=iterations,optimum=maybe', /optimum must be include or exclude/],
    ] as const) {
      const r = await run([LINK, '--map', spec]);
      expect(r.exitCode, spec).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr, spec).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('ties, the optimum and the run-to-run spread (issue 32)', () => {
  const runMap = async (link: string, spec: string) => {
    const r = await run([link, '--map', spec]);
    expect(r.stderr).toBe('');
    return (JSON.parse(r.stdout) as MapOutput).map;
  };

  it('a cell is a win only beyond the tie and the spread; otherwise its leaders tie', () => {
    const o = ['A', 'B', 'C'];
    expect(decideCell(o, [10, 10, 10], 'lower', 1)).toEqual({ best: null, tied: o });
    expect(decideCell(o, [10, 10.05, 12], 'lower', 1)).toEqual({ best: null, tied: ['A', 'B'] });
    expect(decideCell(o, [10, 10.5, 12], 'lower', 1)).toEqual({ best: 'A' });
    expect(decideCell(o, [10, 10.5, 12], 'higher', 1)).toEqual({ best: 'C' });
    // 0.5 apart, but each varies by 0.8 from seed to seed: noise, not a win.
    expect(decideCell(o, [10, 10.5, 12], 'lower', 1, [0.8, 0.2, 0])).toEqual({
      best: null,
      tied: ['A', 'B'],
    });
    expect(decideCell(o, [null, null, null], 'lower', 1)).toEqual({ best: null });
  });

  it('page replacement: OPT is left out unless asked; where every policy ties, nobody wins', async () => {
    const link = '/#/page-replacement?experiment=replacement-loop-cliff';
    const spec = 'x=memoryKB,y=distinctItems,table=replacement,column=hit_rate_pct,n=6';
    const m = await runMap(link, spec);
    expect(m.options).toEqual(['FIFO', 'LRU', 'CLOCK', 'RAND']);
    expect(m.excluded).toEqual(['OPT']);
    expect(m.tiePct).toBe(1);
    expect(m.seeds).toEqual([1, 2, 3]);
    let equal = 0;
    for (const c of m.cells.flat()) {
      const vs = c.values as number[];
      if (vs.every((v) => v === vs[0])) {
        equal += 1;
        expect(c.best).toBeNull();
        expect(c.tied).toEqual(m.options);
      }
    }
    expect(equal).toBeGreaterThan(10);
    // A loop larger than memory: RAND keeps some pages where FIFO, LRU and CLOCK keep none.
    expect(m.cells.flat().some((c) => c.best === 'RAND')).toBe(true);
    expect(m.cells.flat().some((c) => c.best === 'FIFO')).toBe(false);
    const withOpt = await runMap(link, `${spec},optimum=include`);
    expect(withOpt.options).toContain('OPT');
    expect(withOpt.excluded).toEqual([]);
    // OPT, included, is never beaten: it wins or ties in every cell.
    for (const c of withOpt.cells.flat())
      expect(c.best === 'OPT' || c.tied?.includes('OPT')).toBe(true);
  });

  it('hyperthreads: with no more jobs than cores ON and OFF tie; the legend states the tie', async () => {
    const link = '/#/hyperthreads';
    const spec = 'x=jobs,y=cyclesBetweenMisses,table=hyperthreads-scenario,column=makespan_s,n=3';
    const m = await runMap(link, spec);
    expect(m.x.values[0]).toBe(1);
    expect(m.seeds.length).toBeGreaterThan(1);
    for (const row of m.cells) {
      expect(row[0]!.best).toBeNull();
      expect(row[0]!.tied?.length).toBe(2);
    }
    // At 10⁷ cycles between misses the two differ only by the simulation's noise: one seed
    // and no tolerance hand OFF a "win" there; the spread over three seeds makes it a tie.
    const top = m.cells.at(-1)!;
    for (const c of top) expect(c.best, JSON.stringify(c)).toBeNull();
    const noisy = await runMap(link, `${spec},seeds=1,tie=0`);
    expect(noisy.seeds).toEqual([1]);
    expect(
      noisy.cells
        .at(-1)!
        .slice(1)
        .some((c) => c.best !== null),
    ).toBe(true);
    const md = (await run([link, '--map', spec, '--format', 'md'])).stdout;
    expect(md).toMatch(/tie = within 1 % or within the run-to-run spread over seeds 1, 2, 3/);
    expect(md).toMatch(/, tie \d+\./);
    const csv = (await run([link, '--map', spec, '--format', 'csv'])).stdout.split('\n');
    expect(csv[0]).toMatch(/,best,tied$/);
  });
});
