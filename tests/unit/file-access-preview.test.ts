/**
 * The file-access charts' drag preview (src/models/file-access/charts.ts) may not silently
 * drift from the full chart it stands in for: the same x values and series, its points the
 * runs at the alignments it states, the dashed lines identical, the same values as the full
 * chart wherever it keeps all alignments, and within 5 % of the full line where it does not.
 */
import { describe, expect, it } from 'vitest';
import { fileAccessSweep, previewAlignments } from '../../src/models/file-access/charts';
import { PHASES, simulateFileAccess, type RunSpec } from '../../src/models/file-access/simulate';
import type { FileAccessParams } from '../../src/models/file-access/params';
import { loadModel } from '../../src/models/registry';
import { presetParams } from '../../src/scenario';

const SPECS: Record<string, RunSpec> = {
  'Memory Mapped & FreadSeek': { method: 'mapped', freadseek: true },
  'FreadDir & FreadSeek': { method: 'freaddir', freadseek: true },
  'Fread & FreadSeek': { method: 'fread', freadseek: true },
};

describe('file-access drag preview', async () => {
  const model = (await loadModel('file-access'))!;
  const params = (preset: string) =>
    model.paramsOf(presetParams(model, preset)) as unknown as FileAccessParams;

  /**
   * Each preview point is the run at the alignments it states: where those are all PHASES, the
   * full chart's very number; else within 5 % of it. The dashed lines are the full chart's.
   */
  function checkPreview(p: FileAccessParams, which: 'distance' | 'size'): number {
    const key = which === 'distance' ? 'prefetchDistanceRecords' : 'prefetchPages';
    const full = fileAccessSweep(p, which, false);
    const preview = fileAccessSweep(p, which, true);
    expect(preview.preview).toBe(true);
    expect(full.preview).toBeUndefined();
    expect(preview.caption).toMatch(/^Drag preview/);
    expect(full.series[0]!.band!.length).toBeGreaterThan(0);
    expect(preview.series.map((s) => s.name)).toEqual(full.series.map((s) => s.name));
    let fewer = 0;
    for (const [i, s] of preview.series.entries()) {
      const f = full.series[i]!;
      expect(s.band).toBeUndefined();
      expect(s.points.map((q) => q.x)).toEqual(f.points.map((q) => q.x));
      const spec = SPECS[s.name];
      if (!spec) {
        expect(s.points).toEqual(f.points);
        continue;
      }
      for (const [j, { x, y }] of s.points.entries()) {
        const q = { ...p, [key]: x };
        const alignments = previewAlignments(q, spec);
        expect(y).toBe(simulateFileAccess(q, spec, { alignments }).elapsedMs);
        if (alignments >= PHASES) expect(y).toBe(f.points[j]!.y);
        else {
          fewer++;
          expect(Math.abs(y / f.points[j]!.y - 1)).toBeLessThanOrEqual(0.05);
        }
      }
    }
    return fewer;
  }

  for (const which of ['distance', 'size'] as const)
    it(`${which} sweep at the Postscript and CATALOG presets`, () => {
      checkPreview(params('mpe-sl-postscript'), which);
      checkPreview(params('mpe-catalog-resident'), which);
    }, 120_000);

  it('SL (prefetch every 4 records): fewer alignments, within 5 % of the full line', () => {
    // The preview is cheaper here: fewer alignments somewhere (else this test checks nothing).
    expect(checkPreview(params('mpe-sl-seq'), 'size')).toBeGreaterThan(0);
  }, 180_000);

  it('a run without FREADSEEK has one alignment; a larger file never gets more', () => {
    const p = params('mpe-sl-seq');
    expect(previewAlignments(p, { method: 'mapped', freadseek: false })).toBe(1);
    for (const spec of Object.values(SPECS)) {
      let last = Infinity;
      for (const records of [1_000, 10_000, 100_000, 1_000_000]) {
        const k = previewAlignments({ ...p, records }, spec);
        expect(k).toBeGreaterThanOrEqual(1);
        expect(k).toBeLessThanOrEqual(last);
        last = k;
      }
    }
  });
});
