/**
 * The predictions page's records in sentences, in the page's language: the blind record's
 * findings (src/compare/blindRecord.ts `BlindSummary`) and one table out of four's
 * (src/compare/tableFolds.ts `TableFoldsSummary`). Their English is that of the modules'
 * `blindSentences` and `tableFoldSentences`, which the docs quote (tests/unit/record-findings
 * .test.ts holds the two equal); numbers go through `Intl` in the page's locale.
 */
import type { BlindSummary } from '../compare/blindRecord';
import type { TableFoldsSummary } from '../compare/tableFolds';
import { numberLocale } from '../format';
import type { Translate } from '../i18n/LangContext';

/** One decimal, never grouped (`12.3`, `12,3`). */
const one = (x: number) =>
  x.toLocaleString(numberLocale(), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: false,
  });
/** A signed whole per cent: `+12`, `−3`. */
const signed = (x: number) => `${x < 0 ? '−' : '+'}${Math.abs(Math.round(x))}`;
const yes = (ok: boolean) => (ok ? 'yes' : 'no');

export function blindFindings(s: BlindSummary, t: Translate): string[] {
  const a = s.medianAbsErrorPctWithDelta;
  const b = s.baselineMedianAbsErrorPctWithDelta;
  return [
    t('results.record.find.inside', {
      inside: s.inside,
      cells: s.cells,
      insideDelta: s.insideWithDelta,
      cellsDelta: s.cellsWithDelta,
    }),
    t('results.record.find.error', {
      err: one(s.medianAbsErrorPct),
      base: one(s.baselineMedianAbsErrorPct),
      only: yes(2 * s.closer < s.cells),
      closer: s.closer,
      cells: s.cells,
    }),
    t('results.record.find.delta', {
      cmp: a > b ? 'worse' : a < b ? 'better' : 'same',
      err: one(a),
      base: one(b),
      closer: s.closerWithDelta,
      cells: s.cellsWithDelta,
    }),
    t('results.record.find.between', { inside: s.insideWithoutBetween, cells: s.cells }),
    t('results.record.find.nl', {
      all: yes(s.nlOver === s.nlCells),
      word: t('results.record.find.number', { n: s.nlCells }),
      over: s.nlOver,
      cells: s.nlCells,
      lo: signed(s.nlElapsedErrorPct[0]),
      hi: signed(s.nlElapsedErrorPct[1]),
    }),
    t('results.record.find.postscript', {
      mapped: signed(s.postscriptMappedElapsedErrorPct),
      lo: signed(s.postscriptFileSystemElapsedErrorPct[0]),
      hi: signed(s.postscriptFileSystemElapsedErrorPct[1]),
    }),
    t('results.record.find.seek', {
      nl: yes(s.seekDirectionAgrees.nl),
      ps: yes(s.seekDirectionAgrees.postscript),
    }),
    t('results.record.find.wide', {
      width: Math.round(s.medianWidthPct),
      count: s.wideDelta.count,
      of: s.wideDelta.of,
      lo: one(s.wideDelta.range[0]),
      hi: Math.round(s.wideDelta.range[1]),
    }),
  ];
}

export function tableFoldFindings(s: TableFoldsSummary, t: Translate): string[] {
  return [
    t('results.record.fold.coverage', {
      inside: s.inside,
      cells: s.cells,
      pct: Math.round((100 * s.inside) / s.cells),
      met: yes(s.goal.coverage),
    }),
    t('results.record.fold.width', {
      width: Math.round(s.medianWidthPct),
      met: yes(s.goal.width),
    }),
    t('results.record.fold.skill', {
      closer: s.closer,
      cells: s.withBaseline,
      met: yes(s.goal.skill),
    }),
  ];
}
