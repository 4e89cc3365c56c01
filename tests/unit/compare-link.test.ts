/**
 * Compare mode and embed links: the codec reads a pinned scenario A (`compare=1&a.<key>=…`)
 * and an embed's `controls` beside scenario B, reports what is wrong in them the way it does
 * for B, and the app's hashes write them back; the pure compare functions (difference tables,
 * overlaid charts, parameter differences) on real model output.
 */
import { describe, expect, it } from 'vitest';
import { evaluateCharts, evaluateTables } from '../../src/compare/compare';
import {
  DIFFERENCE_CSV_HEADER,
  differenceCsv,
  readable,
  readableErrorPct,
} from '../../src/compare/csv';
import {
  differenceTables,
  overlayCharts,
  paramDifferences,
  sideName,
} from '../../src/compare/pinned';
import { fileAccessModel } from '../../src/models/file-access';
import { pageReplacementModel } from '../../src/models/page-replacement';
import { parsePermalink, presetScenario, serializeScenario } from '../../src/scenario';
import { scenarioHash } from '../../src/state/scenarioLink';
import { embedSnippet } from '../../src/views/EmbedPanel';

const B = presetScenario(pageReplacementModel, 'replacement-loop-cliff');
const A = { ...B, params: { ...B.params, memoryKB: 12, discPositionMs: 10 } };

describe('a compare link', () => {
  it('round-trips: B as the scenario, A as `compare`, only A’s differing values written', () => {
    const hash = scenarioHash(B, { pinned: A.params });
    expect(hash.startsWith(scenarioHash(B))).toBe(true);
    expect(hash.endsWith('&compare=1&a.memoryKB=12&a.discPositionMs=10')).toBe(true);
    const read = parsePermalink(hash);
    expect(read.problems).toEqual([]);
    expect(read.scenario).toEqual(B);
    expect(read.compare).toEqual(A.params);
    // A pinned equal to B is still a comparison (just pinned, nothing changed yet).
    const same = parsePermalink(scenarioHash(B, { pinned: B.params }));
    expect(same.compare).toEqual(B.params);
    expect(parsePermalink(scenarioHash(B)).compare).toBeUndefined();
  });

  it('keeps the view with the comparison, in either order of the keys', () => {
    const hash = scenarioHash(B, { pinned: A.params, view: 'projector' });
    expect(parsePermalink(hash)).toMatchObject({ view: 'projector', compare: A.params });
    const shuffled = `#/page-replacement?a.memoryKB=12&compare=1&${scenarioHash(B).split('?')[1]}`;
    expect(parsePermalink(shuffled).compare).toEqual({ ...B.params, memoryKB: 12 });
  });

  it('reports a bad A value as `a.<key>`, with what is allowed, and uses B’s value', () => {
    const read = parsePermalink(`${scenarioHash(B)}&compare=1&a.memoryKB=lots&a.nosuch=1`);
    expect(read.compare).toEqual(B.params);
    expect(read.problems.map((p) => p.param)).toEqual(['a.memoryKB', 'a.nosuch']);
    expect(read.problems[0]!.message).toMatch(
      /^a\.memoryKB: "lots" is not a number — allowed .*; using 360 KB\.$/,
    );
    expect(read.problems[1]!.message).toMatch(/^a\.nosuch: not a parameter of page-replacement/);
  });

  it('a compare marker other than 1 turns the comparison off, and says so', () => {
    const read = parsePermalink(`${scenarioHash(B)}&compare=yes&a.memoryKB=12`);
    expect(read.compare).toBeUndefined();
    expect(read.scenario).toEqual(B);
    expect(read.problems).toMatchObject([
      {
        param: 'compare',
        message: 'compare: "yes" is not 1 — showing the scenario without a comparison.',
      },
    ]);
  });

  it('a.* keys alone are a comparison too (the marker is what the app writes)', () => {
    expect(parsePermalink(`${scenarioHash(B)}&a.memoryKB=12`).compare).toEqual({
      ...B.params,
      memoryKB: 12,
    });
  });
});

describe('an embed link', () => {
  it('reads view=embed and its controls, and writes them back', () => {
    for (const controls of ['read', 'edit'] as const) {
      const hash = scenarioHash(B, { view: 'embed', controls });
      expect(hash.endsWith(`&view=embed&controls=${controls}`)).toBe(true);
      expect(parsePermalink(hash)).toMatchObject({
        scenario: B,
        view: 'embed',
        controls,
        problems: [],
      });
    }
    expect(parsePermalink(scenarioHash(B, 'embed')).controls).toBeUndefined();
  });

  it('reports controls that are no option, or that come without view=embed', () => {
    const bad = parsePermalink(`${scenarioHash(B, 'embed')}&controls=all`);
    expect(bad.controls).toBeUndefined();
    expect(bad.problems).toMatchObject([
      {
        param: 'controls',
        message: 'controls: "all" is not an option — allowed read, edit; showing no controls.',
      },
    ]);
    const alone = parsePermalink(`${scenarioHash(B)}&controls=edit`);
    expect(alone.controls).toBeUndefined();
    expect(alone.problems.map((p) => p.param)).toEqual(['controls']);
    // The app never writes controls without the embed view.
    expect(scenarioHash(B, { view: 'projector', controls: 'edit' })).not.toContain('controls');
  });

  it('the snippet is an iframe of the link, titled, with the link’s characters escaped', () => {
    const src = `https://lab.example/${scenarioHash(B, 'embed')}`;
    const html = embedSnippet(src, 'Latency Lab: "Page" <replacement>');
    expect(html).toMatch(/^<iframe src="[^"]+" title="[^"]+" .*><\/iframe>$/);
    expect(html).toContain(src.replace(/&/g, '&amp;'));
    expect(html).toContain('title="Latency Lab: &quot;Page&quot; &lt;replacement>"');
  });
});

describe('the compare functions on real model output', () => {
  const tablesA = evaluateTables(pageReplacementModel, A.params).tables;
  const tablesB = evaluateTables(pageReplacementModel, B.params).tables;

  it('difference tables hold A’s and B’s model values and B − A, cell by cell', () => {
    const diff = differenceTables(tablesA, tablesB);
    expect(diff.map((t) => t.id)).toEqual(tablesB.map((t) => t.id));
    let checked = 0;
    for (const t of diff) {
      const ta = tablesA.find((x) => x.id === t.id)!;
      const tb = tablesB.find((x) => x.id === t.id)!;
      let changed = 0;
      for (const row of t.rows) {
        for (const c of t.columns) {
          const cell = row.cells[c.key]!;
          const a = ta.rows.find((r) => r.label === row.label)?.model[c.key];
          const b = tb.rows.find((r) => r.label === row.label)?.model[c.key];
          expect(cell.a).toBe(a ?? null);
          expect(cell.b).toBe(b ?? null);
          if (a !== undefined && b !== undefined) {
            expect(cell.delta).toBeCloseTo(b - a, 9);
            // A percentage (the hit rate) changes in percentage points: B − A, no % of it.
            if (c.unit === '%') expect(cell.deltaPct).toBeNull();
            else if (a !== 0) expect(cell.deltaPct).toBeCloseTo(((b - a) / Math.abs(a)) * 100, 9);
            if (a !== b) changed += 1;
            checked += 1;
          }
        }
      }
      expect(t.changed).toBe(changed);
    }
    expect(checked).toBeGreaterThan(10);
    // 3 frames (12 KB) against 90 frames (360 KB): some cell must differ.
    expect(diff.some((t) => t.changed > 0)).toBe(true);
    // A against itself: nothing differs.
    expect(differenceTables(tablesB, tablesB).every((t) => t.changed === 0)).toBe(true);
  });

  it('overlaid line charts carry both sides’ series, named A · and B ·, and B’s band alone', () => {
    const a = evaluateCharts(fileAccessModel, presetScenario(fileAccessModel, 'mpe-sl-seq').params);
    const bScenario = presetScenario(fileAccessModel, 'mpe-sl-seq');
    const bParams = { ...bScenario.params, records: 2000 };
    const b = evaluateCharts(fileAccessModel, bParams);
    const overlaid = overlayCharts(a, b);
    expect(overlaid.map((c) => c.id)).toEqual(b.map((c) => c.id));
    let lines = 0;
    overlaid.forEach((c, i) => {
      const ca = a.find((x) => x.id === c.id)!;
      const cb = b[i]!;
      if (c.kind !== 'line' || ca.kind !== 'line' || cb.kind !== 'line') return;
      lines += 1;
      expect(c.series.map((s) => s.name)).toEqual([
        ...ca.series.map((s) => sideName('A', s.name)),
        ...cb.series.map((s) => sideName('B', s.name)),
      ]);
      // Points are each side's own.
      expect(c.series[0]!.points).toEqual(ca.series[0]!.points);
      expect(c.series[ca.series.length]!.points).toEqual(cb.series[0]!.points);
      expect(c.series.slice(0, ca.series.length).every((s) => s.band === undefined)).toBe(true);
      // Each copy keeps its original's colour (styleOf); A's is drawn faded, B's is not.
      expect(c.series.map((s) => s.styleOf)).toEqual([
        ...ca.series.map((s) => s.name),
        ...cb.series.map((s) => s.name),
      ]);
      expect(c.series.map((s) => s.faded === true)).toEqual([
        ...ca.series.map(() => true),
        ...cb.series.map(() => false),
      ]);
      expect(c.paperPoints).toEqual(cb.paperPoints);
    });
    expect(lines).toBeGreaterThan(0);
  });

  it('overlaid bars and timelines pair each of B’s with A’s', () => {
    const bars = {
      kind: 'stacked-bar' as const,
      id: 'cost',
      title: 'Cost',
      valueLabel: 'Time',
      unit: 'µs',
      bars: [{ label: 'call', parts: [{ name: 'x', value: 1 }] }],
    };
    const barsA = { ...bars, bars: [{ label: 'call', parts: [{ name: 'x', value: 2 }] }] };
    const [o] = overlayCharts([barsA], [bars]);
    expect(o?.kind === 'stacked-bar' && o.bars.map((b) => [b.label, b.parts[0]!.value])).toEqual([
      ['A · call', 2],
      ['B · call', 1],
    ]);
    // A chart only B has is left as it is.
    expect(overlayCharts([], [bars])).toEqual([bars]);
  });

  it('parameter differences list exactly the keys that differ, in declaration order', () => {
    const d = paramDifferences(pageReplacementModel, A.params, B.params);
    const order: string[] = pageReplacementModel.params.map((p) => p.key);
    expect(d.map((x) => x.key)).toEqual(
      ['memoryKB', 'discPositionMs'].sort((x, y) => order.indexOf(x) - order.indexOf(y)),
    );
    expect(d.find((x) => x.key === 'memoryKB')).toMatchObject({ a: 12, b: 360 });
    expect(paramDifferences(pageReplacementModel, B.params, B.params)).toEqual([]);
  });
});

it('serializeScenario is unchanged by compare (B’s link is a prefix of the compare link)', () => {
  expect(scenarioHash(B, { pinned: A.params })).toContain(serializeScenario(B).slice(1));
});

it('a chart that sweeps the parameter A and B differ in is drawn once, with both markers', () => {
  const b = presetScenario(fileAccessModel, 'mpe-sl-seq');
  const bParams = { ...b.params, prefetchPages: 32 };
  const chartsA = evaluateCharts(fileAccessModel, b.params);
  const chartsB = evaluateCharts(fileAccessModel, bParams);
  const overlaid = overlayCharts(chartsA, chartsB);
  const sweep = overlaid.find(
    (c) =>
      c.kind === 'line' && /prefetch size/i.test(c.title) && c.xLabel.startsWith('Prefetch size'),
  );
  expect(sweep?.kind).toBe('line');
  if (sweep?.kind !== 'line') return;
  const own = chartsB.find((c) => c.id === sweep.id);
  expect(own?.kind === 'line' && sweep.series).toEqual(own?.kind === 'line' && own.series);
  expect(sweep.caption).toMatch(/^A and B draw the same curves here/);
  expect(sweep.markers?.map((m) => m.label.slice(0, 2))).toEqual(['A:', 'B:']);
  // A chart whose curves do differ still gets both sides'.
  expect(
    overlaid.some((c) => c.kind === 'line' && c.series.some((s) => s.name.startsWith('A · '))),
  ).toBe(true);
});

it('a marker at the same place on both sides is drawn once, named for both', () => {
  const chart = (x: number) => ({
    kind: 'line' as const,
    id: 'c',
    title: 'C',
    xLabel: 'x',
    xUnit: '',
    yLabel: 'y',
    yUnit: 'ms',
    xScale: 'linear' as const,
    series: [{ name: 's', points: [{ x: 1, y: x }] }],
    markers: [
      { x: 4, label: 'now: 4' },
      { x, label: `size: ${x}` },
    ],
  });
  const [o] = overlayCharts([chart(1)], [chart(2)]);
  expect(o?.kind === 'line' && o.markers?.map((m) => m.label)).toEqual([
    'A and B: now: 4',
    'A: size: 1',
    'B: size: 2',
  ]);
});

it('the A and B CSV has one line per cell: A, B, B − A and the change in per cent', () => {
  const a = evaluateTables(pageReplacementModel, A.params).tables;
  const b = evaluateTables(pageReplacementModel, B.params).tables;
  const diff = differenceTables(a, b);
  const lines = differenceCsv(diff).split('\r\n');
  expect(lines[0]).toBe(DIFFERENCE_CSV_HEADER);
  expect(lines.at(-1)).toBe('');
  const cells = diff.reduce((n, t) => n + t.rows.length * t.columns.length, 0);
  expect(lines.length).toBe(cells + 2);
  const t = diff[0]!;
  const row = t.rows[0]!;
  const col = t.columns[0]!;
  const c = row.cells[col.key]!;
  expect(lines[1]).toBe(
    [
      t.id,
      row.label,
      col.key,
      col.unit,
      readable(c.a),
      readable(c.b),
      readable(c.delta),
      readableErrorPct(c.deltaPct),
    ]
      .map((v) => (v === null ? '' : String(v)))
      .join(','),
  );
});

it('a pinned A may hold a long packed reference string, like B', () => {
  const refs = Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 5000).join(',');
  const a = { ...B.params, refs };
  // The link to share carries it packed; the address names it, kept in the browser (issue 37).
  const full = scenarioHash(B, { pinned: a }, true);
  expect(full.length).toBeGreaterThan(4000);
  expect(full).toContain('a.refs=packed.');
  const address = scenarioHash(B, { pinned: a });
  expect(address).toMatch(/a\.refs=kept\./);
  for (const hash of [full, address]) {
    const read = parsePermalink(hash);
    expect(read.problems).toEqual([]);
    expect(read.compare?.refs).toBe(refs);
  }
});
