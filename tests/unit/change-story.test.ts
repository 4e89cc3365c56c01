/**
 * "What changed and why" (issue #21): the headline cells before and after a change, with the
 * mechanism's reason in its own numbers.
 */
import { describe, expect, it } from 'vitest';
import { evaluateTables } from '../../src/compare/compare';
import { changeStory, describeCell } from '../../src/views/explore/changeStory';
import { headlineColumn } from '../../src/compare/knobSweep';
import { loadModels } from '../../src/models/registry';
import { presetScenario } from '../../src/scenario';
import type { ComparedTable } from '../../src/compare/types';
import { advanceChange, changeBase, type ChangeTrack } from '../../src/state/useChangeBase';

const models = await loadModels();
const fileAccess = models.find((m) => m.id === 'file-access')!;
const sl = presetScenario(fileAccess, 'mpe-sl-seq').params;

describe('change story', () => {
  it('gives each headline cell before → after, joined by row, with the change in per cent', () => {
    const before = evaluateTables(fileAccess, sl).tables;
    const slower = { ...sl, discTransferMsPerKB: Number(sl.discTransferMsPerKB) * 2 };
    const after = evaluateTables(fileAccess, slower).tables;
    const story = changeStory(before, after)!;
    const head = after[0]!;
    expect(story.column.key).toBe(headlineColumn(head));
    expect(story.cells.map((c) => c.row)).toEqual(head.rows.map((r) => r.label));
    for (const c of story.cells) {
      expect(c.before).toBe(
        before[0]!.rows.find((r) => r.label === c.row)!.model[story.column.key],
      );
      expect(c.after).toBe(head.rows.find((r) => r.label === c.row)!.model[story.column.key]);
      expect(c.pct).toBeCloseTo(((c.after - c.before) / c.before) * 100, 9);
    }
    // A slower disc: some run waits longer, and the story says where the time went.
    expect(story.cells.some((c) => (c.pct ?? 0) > 1)).toBe(true);
    expect(story.reasons.join(' ')).toMatch(/waiting \(elapsed − CPU\) is [\d.]+ % → [\d.]+ %/);
  });

  it('names the internal quantities that moved (disc requests, pages per request)', () => {
    const before = evaluateTables(fileAccess, sl).tables;
    const after = evaluateTables(fileAccess, { ...sl, readAheadPages: 4 }).tables;
    const story = changeStory(before, after)!;
    // A quarter of the read-ahead: four times the disc requests, a quarter of the pages each.
    const fd = story.cells.find((c) => c.row === 'FreadDir')!;
    expect(fd.pct).toBeGreaterThan(10);
    expect(story.reasons[0]).toMatch(/^FreadDir: waiting/);
    expect(story.reasons[1]).toMatch(/^Inside the model: Disc requests, FreadDir: [\d,]+ → [\d,]+/);
    expect(story.reasons[1]).toMatch(/Pages per request, FreadDir: 1[56] → 4 pages/);
  });

  it('says nothing moved when nothing did, and unchanged cells read so', () => {
    const t = evaluateTables(fileAccess, sl).tables;
    const story = changeStory(t, t)!;
    expect(story.cells.every((c) => c.pct === 0)).toBe(true);
    expect(story.reasons).toEqual(['No headline cell moved by as much as 0.5 %.']);
    expect(describeCell(story.cells[0]!, 's')).toMatch(/, unchanged$/);
    expect(describeCell({ row: 'r', before: 10, after: 12, pct: 20 }, 's')).toBe(
      '10 → 12 s (+20.0 %)',
    );
    // A percentage moves by points: 4 → 11.6 % is +7.6 pp, not +190 %.
    expect(describeCell({ row: 'r', before: 4, after: 11.6, pct: 190 }, '%')).toBe(
      '4 → 11.6 % (+7.6 pp)',
    );
  });

  it('names what moved in the model’s units when no count moved: the same steps, dearer', () => {
    const catalog = presetScenario(fileAccess, 'mpe-catalog-resident').params;
    const dearer = { ...catalog, cpuFreadUsPerRecord: Number(catalog.cpuFreadUsPerRecord) * 2 };
    const knobs = 'Fread CPU per record 200 → 400 µs';
    const story = changeStory(
      evaluateTables(fileAccess, catalog).tables,
      evaluateTables(fileAccess, dearer).tables,
      knobs,
    )!;
    const text = story.reasons.join(' ');
    // Issue #32: "No count inside the model moved by 1 % or more" explained nothing.
    expect(text).not.toMatch(/moved by 1 % or more/);
    expect(text).toMatch(/Also moved: CPU, Fread: [\d,]+ → [\d,]+ ms/);
    expect(text).toMatch(/No count inside the model changed \(Page faults 0, Disc requests 0\)/);
    expect(text).toContain(`${knobs} changes what each step costs, not how many steps there are.`);
  });

  it('says which knob does not act on this experiment when nothing moved', () => {
    const catalog = presetScenario(fileAccess, 'mpe-catalog-resident').params;
    const knobs = 'Prefetch distance 4 → 128 records';
    const story = changeStory(
      evaluateTables(fileAccess, catalog).tables,
      evaluateTables(fileAccess, { ...catalog, prefetchDistanceRecords: 128 }).tables,
      knobs,
    )!;
    expect(story.reasons).toEqual([
      `${knobs} does not act on this experiment: no headline cell moved by as much as 0.5 %, and no count inside the model changed.`,
    ]);
  });

  it('every model: a story for a change of its explore knob, or null only across models', () => {
    for (const m of models) {
      const p = m.params.find((x) => x.key === m.dragParam && x.kind === 'number');
      if (!p || p.kind !== 'number') continue;
      const base = Object.fromEntries(m.params.map((x) => [x.key, x.default]));
      const moved = { ...base, [p.key]: Math.min(p.max, Number(p.default) * 1.5 + p.step) };
      const story = changeStory(evaluateTables(m, base).tables, evaluateTables(m, moved).tables);
      expect(story, m.id).not.toBeNull();
      expect(story!.cells.length, m.id).toBeGreaterThan(0);
      expect(story!.reasons.length, m.id).toBeGreaterThan(0);
    }
    const a = evaluateTables(models[0]!, defaultsOf(0)).tables;
    const b = evaluateTables(models[1]!, defaultsOf(1)).tables;
    expect(changeStory(a, b)).toBeNull();
  });
});

function defaultsOf(i: number) {
  return Object.fromEntries(models[i]!.params.map((x) => [x.key, x.default]));
}

describe('the implicit "before"', () => {
  const t = (n: number) => [{ id: `t${n}` }] as unknown as ComparedTable[];
  const start = (p: Record<string, number>): ChangeTrack => ({
    params: p,
    shown: null,
    base: null,
    gesture: null,
  });

  it('a drag of one knob compares every step with where the drag began', () => {
    let s = advanceChange(start({ a: 1, b: 1 }), { a: 1, b: 1 }, t(0), true);
    expect(changeBase(s)).toBeNull();
    for (const [a, tables] of [
      [2, t(1)],
      [3, t(2)],
      [4, t(3)],
    ] as const) {
      s = advanceChange(s, { a, b: 1 }, null, false); // the step, before its tables come
      s = advanceChange(s, s.params, tables, true);
      expect(changeBase(s)).toEqual({ params: { a: 1, b: 1 }, tables: t(0), changed: ['a'] });
    }
    // Another knob: a new gesture, from the scenario as last shown.
    s = advanceChange(s, { a: 4, b: 2 }, null, false);
    expect(changeBase(s)).toEqual({ params: { a: 4, b: 1 }, tables: t(3), changed: ['b'] });
    // Back to where that gesture began: nothing changed.
    s = advanceChange(s, { a: 4, b: 1 }, t(3), true);
    expect(changeBase(s)).toBeNull();
  });

  it('a link parsed again (equal values, a new object) is no change', () => {
    const tables = t(0);
    const s = advanceChange(start({ a: 1 }), { a: 1 }, tables, true);
    expect(advanceChange(s, { a: 1 }, tables, true)).toBe(s);
  });

  it('tables that lag the scenario are not taken as its own', () => {
    let s = advanceChange(start({ a: 1 }), { a: 1 }, t(0), true);
    s = advanceChange(s, { a: 2 }, t(0), false);
    s = advanceChange(s, { a: 2, b: 5 }, t(0), false); // a new gesture before a=2 was shown
    expect(changeBase(s)?.params).toEqual({ a: 1 });
  });
});
