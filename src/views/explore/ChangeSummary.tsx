import { useMemo } from 'react';
import type { ComparedTable } from '../../compare/types';
import { formatError, formatErrorPct, formatValue } from '../../format';
import type { ModelInfo } from '../../models/types';
import { formatParamValue } from '../../scenario';
import type { ChangeBase } from '../../state/useChangeBase';
import './explore.css';
import { useT, type Translate } from '../../i18n/LangContext';
import { paramName } from '../../i18n/modelText';
import { ENGLISH } from './exploreText';
import { localTable, useChartT } from '../../charts/chartText';
import {
  changeStory,
  describeCell,
  STEADY_PCT,
  type CellChange,
  type ChangeStory,
} from './changeStory';

/** The story of the change from `change` to `tables`, computed once per pair. */
export function useChangeStory(
  change: ChangeBase | null,
  tables: ComparedTable[] | null,
  knobs = '',
): ChangeStory | null {
  const { t, model } = useChartT();
  return useMemo(() => {
    if (!change || !tables) return null;
    // In the page's words: both sides alike, so that their rows still pair by label.
    const local = (ts: ComparedTable[]) => ts.map((x) => localTable(x, t, model));
    return changeStory(local(change.tables), local(tables), knobs, t);
  }, [change, tables, knobs, t, model]);
}

/** "Prefetch distance 4 → 128 records; Disc transfer 2.2 → 3 ms". */
export function knobChanges(
  model: ModelInfo,
  change: ChangeBase,
  now: ChangeBase['params'],
  t: Translate = ENGLISH,
) {
  return change.changed
    .map((key) => {
      const spec = model.params.find((p) => p.key === key);
      if (!spec) return null;
      const was = change.params[key];
      const is = now[key];
      if (was === undefined || is === undefined) return null;
      // An empty list (page-replacement's own string cleared) in the page's words.
      const show = (v: typeof was) =>
        spec.kind === 'list' && v === '' ? t('explore.emptyList') : formatParamValue(spec, v);
      return `${paramName(t, model.id, spec)} ${show(was)} → ${show(is)}`;
    })
    .filter((s): s is string => s !== null)
    .join('; ');
}

/**
 * "What changed and why", under the results: the knobs moved since the gesture began, each
 * headline cell old → new with the change in per cent, and the mechanism's reason.
 */
export function ChangeSummary({
  model,
  change,
  tables,
  params,
}: {
  model: ModelInfo;
  change: ChangeBase | null;
  tables: ComparedTable[] | null;
  params: ChangeBase['params'];
}) {
  const t = useT();
  const knobs = change ? knobChanges(model, change, params, t) : '';
  const story = useChangeStory(change, tables, knobs);
  if (!change || !story) return null;
  const unit = story.column.unit;
  return (
    <section
      className="change-summary"
      aria-labelledby="change-heading"
      data-testid="change-summary"
    >
      <h3 id="change-heading">{t('explore.change.heading')}</h3>
      <p className="change-knobs">{knobs}.</p>
      <p className="change-what">
        {story.table}, {story.column.label.toLowerCase()}:
      </p>
      <ul className="change-cells">
        {story.cells.map((c) => (
          <li key={c.row} data-moved={c.pct === null || Math.abs(c.pct) >= STEADY_PCT}>
            <span className="change-row">{c.row}</span> {describeCell(c, unit, t)}
          </li>
        ))}
      </ul>
      <ul className="change-why" aria-label={t('explore.change.why')}>
        {story.reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A cell's change for the explore strip: "+4.3 %", or "+7.6 pp" for a percentage (never a
 * percent of a percent). A change, not an error: no good or bad colour.
 */
export function ChangePct({ cell, unit }: { cell: CellChange | undefined; unit: string }) {
  const t = useT();
  const pct = cell?.pct ?? null;
  if (!cell || pct === null) return <span className="change-pct">{t('explore.change.new')}</span>;
  const steady = Math.abs(pct) < STEADY_PCT;
  const pp = unit === '%' ? cell.after - cell.before : null;
  const big = pp === null ? Math.abs(pct) >= 10 : Math.abs(pp) >= 5;
  return (
    <span className={`change-pct${big ? ' is-big' : ''}`}>
      {steady
        ? `±${formatValue(0)} ${pp === null ? '%' : 'pp'}`
        : pp === null
          ? formatErrorPct(pct)
          : formatError(pp, 'pp')}
    </span>
  );
}
