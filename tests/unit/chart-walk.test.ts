/**
 * What a chart's walk (src/charts/ChartWalk.tsx) hands Chart2Music: each point read with its
 * axis' name and unit, only points the chart can show (finite; positive on a log axis), one
 * name per series, and nothing at all when there is nothing to walk.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readValue, walkInput, type WalkSpec } from '../../src/charts/ChartWalk';

const spec = (series: WalkSpec['series'], log = false): WalkSpec => ({
  title: 'Elapsed vs page size',
  x: { label: 'Page size', unit: 'bytes', log },
  y: { label: 'Elapsed', unit: 's' },
  series,
});

describe('the chart walk', () => {
  it('reads a point with both axes’ names and units', () => {
    const input = walkInput(spec([{ name: 'A', points: [{ x: 4096, y: 49.7 }] }]))!;
    const { x, y } = input.axes!;
    expect(`${x!.format!(4096)}, ${y!.format!(49.7)}`).toBe(
      'page size 4,096 bytes, elapsed 49.7 s',
    );
    expect(x!.label).toBe('Page size (bytes)');
    // A name that starts with an acronym keeps its capitals; a count of one is singular.
    expect(readValue({ label: 'CPU time', unit: 'ms' }, 3)).toBe('CPU time 3 ms');
    expect(readValue({ label: 'Calls', unit: 'calls' }, 1)).toBe('calls 1 call');
  });

  it('walks only what the chart can show, under one name per series', () => {
    const input = walkInput(
      spec(
        [
          {
            name: 'A',
            points: [
              { x: 0, y: 1 },
              { x: 2, y: Number.NaN },
              { x: 4, y: 3 },
            ],
          },
          { name: 'A', points: [{ x: 8, y: 5, label: 'paper' }] },
          { name: 'empty', points: [{ x: -1, y: 2 }] },
        ],
        true,
      ),
    )!;
    expect(input.data).toEqual({
      A: [{ x: 4, y: 3 }],
      'A (2)': [{ x: 8, y: 5, label: 'paper' }],
    });
    expect(input.axes!.x!.type).toBe('log10');
    expect(walkInput(spec([{ name: 'A', points: [] }]))).toBeNull();
  });

  it('every point it keeps is finite, and a log axis keeps only positive x', () => {
    const point = fc.record({
      x: fc.oneof(fc.double(), fc.constant(0)),
      y: fc.double(),
    });
    fc.assert(
      fc.property(fc.array(fc.array(point), { maxLength: 4 }), fc.boolean(), (rows, log) => {
        const input = walkInput(
          spec(
            rows.map((points, k) => ({ name: `s${k}`, points })),
            log,
          ),
        );
        const kept = Object.values(input?.data ?? {}).flat() as { x: number; y: number }[];
        const wanted = rows
          .flat()
          .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y) && (!log || p.x > 0));
        expect(kept.length).toBe(wanted.length);
        expect(input === null).toBe(wanted.length === 0);
      }),
    );
  });
});
