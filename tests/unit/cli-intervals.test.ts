/**
 * Issue 20's acceptance for the out-of-sample file-access tables (withheld until 26 Nov 2026): through the CLI's JSON, every
 * predicted cell has a positive interval with its parts named, the model's confidence
 * interval inside it, and a naive baseline a reader could compute without the mechanism.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../scripts/explore';
import type { ResultsDocument } from '../../src/compare/results';

const PART_NAMES = [
  'parameter',
  'parameterLow',
  'parameterHigh',
  'scatter',
  'between',
  'modelForm',
];
const SLOW = { timeout: 240_000 };

async function predictedCells(link: string) {
  const r = await run([link, '--format', 'json']);
  expect(r.exitCode, r.stderr).toBe(0);
  const doc = JSON.parse(r.stdout) as ResultsDocument;
  const table = doc.tables.find((t) => link.includes(`table=${t.id}`))!;
  return table.rows
    .filter((row) => row.prediction)
    .flatMap((row) =>
      table.columns.map((c) => ({ row, key: c.key, label: `${row.label} ${c.key}` })),
    );
}

describe('explore --format json: predicted cells carry interval parts and a baseline', () => {
  for (const [id, rows, rule] of [
    ['mpe-sl-postscript', 3, /prefetch changes nothing/],
    ['mpe-nl-seq', 5, /SL measured × file size/],
  ] as const)
    it(
      `${id}: ${rows} predicted rows, each cell a positive interval with named parts and a baseline`,
      SLOW,
      async () => {
        const cells = await predictedCells(`/#/file-access?table=${id}`);
        expect(cells).toHaveLength(rows * 3);
        for (const { row, key, label } of cells) {
          const v = row.model[key]!;
          const [lo, hi] = row.intervals![key]!;
          const parts = row.intervalParts![key]!;
          expect(Object.keys(parts).sort(), label).toEqual([...PART_NAMES, 'scale'].sort());
          for (const n of PART_NAMES)
            expect(parts[n as keyof typeof parts], label).toBeGreaterThanOrEqual(0);
          // A new measurement's spread is part of every interval.
          expect(parts.between, label).toBeGreaterThan(0);
          // Every cell on the log scale, Delta too: a wait is positive (its spread, an amount
          // composed from elapsed and CPU, is matched by a lognormal), and no wait is longer
          // than the elapsed time it is part of.
          expect(parts.scale, label).toBe('log');
          expect(lo, label).toBeGreaterThan(0);
          if (key === 'delta_ms')
            expect(hi, label).toBeLessThanOrEqual(row.intervals!.elapsed_ms![1]);
          expect(lo, label).toBeLessThanOrEqual(v);
          expect(hi, label).toBeGreaterThan(v);
          const [clo, chi] = row.confidence![key]!;
          expect(lo <= clo && clo <= v && v <= chi && chi <= hi, label).toBe(true);
          const b = row.baseline![key]!;
          expect(b.value, label).toBeGreaterThan(0);
          expect(b.rule, label).toMatch(rule);
          // Released since (26 Nov 2026): the skill over the baseline is scored.
          const paper = row.paper![key]!;
          expect(b.skill, label).toBeCloseTo(
            1 - Math.abs(Math.log(v / paper)) / Math.abs(Math.log(b.value / paper)),
            4,
          );
        }
      },
    );
});
