/**
 * The line chart's layout rules: no two series groups look alike, marker labels never overlap
 * (within the rule's own width estimate), and coinciding series are named.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coincidingSeries, groupStyle, placeMarkerLabels } from '../../src/charts/layout';

describe('series styles', () => {
  it('21 groups get 21 distinct colour-and-dash styles, the first 7 solid', () => {
    const styles = Array.from({ length: 21 }, (_, g) => groupStyle(g));
    expect(new Set(styles.map((s) => `${s.colour}|${s.dash ?? ''}`)).size).toBe(21);
    expect(styles.slice(0, 7).every((s) => s.dash === undefined)).toBe(true);
    // The cross-boundary chart's 9 series: the 8th and 9th no longer repeat the 1st and 2nd.
    expect(groupStyle(7)).not.toEqual(groupStyle(0));
    expect(groupStyle(8)).not.toEqual(groupStyle(1));
  });
});

describe('marker labels', () => {
  const extentOf = (px: number, label: string, anchor: string, charPx = 7) => {
    const w = label.length * charPx;
    const left = anchor === 'start' ? px : anchor === 'end' ? px - w : px - w / 2;
    return [left, left + w] as const;
  };

  it('labels in one row never overlap, for any markers', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ px: fc.integer({ min: 0, max: 600 }), label: fc.string({ maxLength: 24 }) }),
          { maxLength: 12 },
        ),
        (markers) => {
          const placed = placeMarkerLabels(markers, 600);
          expect(placed).toHaveLength(markers.length);
          for (let a = 0; a < placed.length; a++)
            for (let b = a + 1; b < placed.length; b++) {
              if (placed[a]!.row !== placed[b]!.row) continue;
              const [l1, r1] = extentOf(markers[a]!.px, markers[a]!.label, placed[a]!.anchor);
              const [l2, r2] = extentOf(markers[b]!.px, markers[b]!.label, placed[b]!.anchor);
              expect(r1 <= l2 || r2 <= l1).toBe(true);
            }
        },
      ),
    );
  });

  it('“now: 90 frames” and “all 100 pages fit” close together go to two rows', () => {
    const placed = placeMarkerLabels(
      [
        { px: 300, label: 'now: 90 frames' },
        { px: 330, label: 'all 100 pages fit' },
      ],
      600,
    );
    expect(new Set(placed.map((p) => p.row)).size).toBe(2);
    // Far apart, one row is enough.
    expect(
      placeMarkerLabels(
        [
          { px: 100, label: 'now: 90 frames' },
          { px: 450, label: 'all 100 pages fit' },
        ],
        600,
      ).every((p) => p.row === 0),
    ).toBe(true);
  });
});

describe('coinciding series', () => {
  const line = (name: string, f: (x: number) => number) => ({
    name,
    points: [1, 2, 3, 4].map((x) => ({ x, y: f(x) })),
  });
  it('names series that lie on each other as one group, and not ones that differ', () => {
    const out = coincidingSeries([
      line('a', (x) => 2 * x),
      line('c', (x) => 3 * x),
      line('b', (x) => 2 * x * (1 + 1e-6)),
      line('d', (x) => 2 * x),
    ]);
    expect(out).toEqual([['a', 'b', 'd']]);
    expect(coincidingSeries([line('a', (x) => x), line('b', (x) => 2 * x)])).toEqual([]);
  });
});
