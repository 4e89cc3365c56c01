/**
 * The home page's pictures (issue #35) are each model's headline chart at its default
 * scenario: the first chart of its golden chart data (tests/golden/charts/<model>.tsv, which
 * tests/papers/golden.paper.test.ts keeps equal to the model's output), drawn by
 * scripts/lib/homePictures.ts. This fails when a committed src/models/<id>/picture.json and
 * the golden data part: run `npx tsx scripts/home-pictures.ts` after the goldens change.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOX, cellNumber, firstChart, pictureOf } from '../../scripts/lib/homePictures';
import { MODEL_INFOS } from '../../src/models/registry';
import { homePicture } from '../../src/views/homePictures';

const golden = (id: string) =>
  readFileSync(new URL(`../golden/charts/${id}.tsv`, import.meta.url), 'utf8');

describe('home pictures', () => {
  for (const m of MODEL_INFOS)
    it(`${m.id}: its headline chart, from its golden chart data`, () => {
      const chart = firstChart(golden(m.id));
      const picture = homePicture(m.id);
      expect(picture, 'run npx tsx scripts/home-pictures.ts').toEqual(pictureOf(chart));
      // A picture of the model's lines: at least one, each inside the box.
      expect(picture!.paths.length).toBeGreaterThan(0);
      for (const d of picture!.paths) {
        const numbers = [...d.matchAll(/-?\d+(\.\d+)?/g)].map((x) => Number(x[0]));
        expect(numbers.length).toBeGreaterThanOrEqual(4);
        for (let i = 0; i < numbers.length; i += 2) {
          expect(numbers[i]).toBeGreaterThanOrEqual(0);
          expect(numbers[i]).toBeLessThanOrEqual(BOX.width);
          expect(numbers[i + 1]).toBeGreaterThanOrEqual(0);
          expect(numbers[i + 1]).toBeLessThanOrEqual(BOX.height);
        }
      }
    });

  it('reads golden cells as the tables print them, and nothing else as a number', () => {
    expect(cellNumber('38,274')).toBe(38274);
    expect(cellNumber('\u22120.4')).toBe(-0.4);
    expect(cellNumber('—')).toBeNull();
    expect(cellNumber('(23,718–61,746)')).toBeNull();
    expect(cellNumber('21.5 (8640, one copy alone)')).toBeNull();
  });

  it('draws a rising series rising, and a flat one level', () => {
    const chart = firstChart('## T\n\nx (s)\ta (ms)\tb (ms)\n1\t1\t5\n2\t2\t5\n3\t3\t5\n');
    const p = pictureOf(chart);
    const ys = (d: string) => [...d.matchAll(/[ML][\d.]+ ([\d.]+)/g)].map((m) => Number(m[1]));
    const a = ys(p.paths[0]!);
    expect(a[0]).toBeGreaterThan(a[2]!); // SVG's y grows downwards: rising means smaller y.
    expect(new Set(ys(p.paths[1]!)).size).toBe(1);
    expect(p.series).toEqual(['a (ms)', 'b (ms)']);
  });
});
