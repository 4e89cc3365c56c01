import { useId, useMemo, type ReactNode } from 'react';
import {
  differenceTables,
  paramDifferences,
  type DifferenceCell,
  type DifferenceTable,
} from '../compare/pinned';
import { downloadBlob, fileName } from '../charts/download';
import { differenceCsv } from '../compare/csv';
import type { ModelInfo, ParamValues } from '../models/types';
import { formatErrorPct, formatValue, withUnit } from '../format';
import { formatParamValue } from '../scenario';
import type { ScenarioResults } from '../state/useScenarioResults';
import { useModelText } from './useModelText';
import { GroupedHead } from './GroupedHead';
import { TableScroller } from './TableScroller';
import '../i18n/parts/model';
import '../i18n/parts/compare';
import { useT, type Translate } from '../i18n/LangContext';
import { errorText } from '../i18n/errorText';

const SUB_HEADS = ['A', 'B', 'B − A'];

/**
 * Compare mode's own section: what A and B disagree on, and each table's model values as A, B
 * and B − A (in the column's unit and in per cent). Loaded only for a compare link.
 */
export function ComparePanel({
  model,
  pinned,
  params,
  a,
  b,
}: {
  model: ModelInfo;
  /** Scenario A's parameters. */
  pinned: ParamValues;
  /** Scenario B's (the controls'). */
  params: ParamValues;
  a: ScenarioResults;
  b: ScenarioResults;
}) {
  const differences = useMemo(
    () => paramDifferences(model, pinned, params),
    [model, pinned, params],
  );
  const aTables = a.tables?.value.tables;
  const bTables = b.tables?.value.tables;
  const tables = useMemo(
    () => (aTables && bTables ? differenceTables(aTables, bTables) : null),
    [aTables, bTables],
  );
  const t = useT();
  return (
    <section
      className="compare-panel"
      aria-labelledby="compare-heading"
      data-testid="compare-panel"
      data-a-ready={a.status === 'ready' ? 'true' : 'false'}
    >
      <h2 id="compare-heading">{t('compare.heading')}</h2>
      <ParamDifferenceList model={model} differences={differences} />
      {a.error && (
        <div className="error-box" role="alert">
          <p>
            <strong>{t('compare.aFailed')}</strong> {errorText(t, a.error)}
          </p>
          <button type="button" onClick={a.retry}>
            {t('results.retry')}
          </button>
        </div>
      )}
      {!tables ? (
        !a.error && <p className="status-line">{t('compare.computing')}</p>
      ) : (
        <>
          {tables[0] && <DifferenceTableView table={tables[0]} model={model} />}
          {tables.length > 1 && (
            // The headline table leads; the others fold, so B's own tables stay near.
            <details className="more-differences" data-testid="more-differences">
              <summary>
                {t('compare.more', {
                  n: tables.length - 1,
                  changed: countChanged(tables.slice(1), t),
                })}
              </summary>
              {tables.slice(1).map((d) => (
                <DifferenceTableView key={d.id} table={d} model={model} />
              ))}
            </details>
          )}
          <div className="table-downloads">
            <button
              type="button"
              className="small-button"
              data-testid="difference-csv"
              onClick={() =>
                downloadBlob(
                  new Blob([differenceCsv(tables)], { type: 'text/csv;charset=utf-8' }),
                  fileName([model.id, 'a-vs-b'], 'csv'),
                )
              }
            >
              {t('compare.csv')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/** What A and B disagree on, each knob with both values (or that they are the same run). */
function ParamDifferenceList({
  model,
  differences,
}: {
  model: ModelInfo;
  differences: ReturnType<typeof paramDifferences>;
}) {
  const t = useT();
  const specOf = (key: string) => model.params.find((p) => p.key === key);
  const strong = (c: ReactNode[]) => <strong>{c}</strong>;
  return differences.length === 0 ? (
    <p className="calm-note" data-testid="compare-same">
      {t('compare.same')}
    </p>
  ) : (
    <ul className="param-differences" data-testid="param-differences">
      {differences.map((d) => {
        const spec = specOf(d.key);
        const show = (v: ParamValues[string]) =>
          spec?.kind === 'list' && v === ''
            ? t('compare.emptyList')
            : spec
              ? formatParamValue(spec, v)
              : String(v);
        return (
          <li key={d.key}>
            {t.rich('compare.param', {
              name: (
                <span className="param-name">
                  {t.data(`${model.id}.param.${d.key}.label`, d.label)}
                </span>
              ),
              a: show(d.a),
              b: show(d.b),
              strong,
            })}
          </li>
        );
      })}
    </ul>
  );
}

function countChanged(tables: DifferenceTable[], t: Translate): string {
  return t('compare.changed', { n: tables.reduce((sum, d) => sum + d.changed, 0) });
}

function DifferenceTableView({ table }: { table: DifferenceTable; model: ModelInfo }) {
  const t = useT();
  const texts = useModelText();
  const captionId = useId();
  return (
    <section className="compared difference" data-testid={`difference-${table.id}`}>
      <TableScroller labelledBy={captionId}>
        <table>
          <caption id={captionId}>
            <span className="caption-title">
              {t('compare.caption', {
                title: texts?.tableTitle(t, table) ?? table.title,
              })}
            </span>{' '}
            <span className="caption-source">{countChanged([table], t)}</span>
          </caption>
          <GroupedHead columns={table.columns} sub={SUB_HEADS} table={table.id} />
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row" className="row-head">
                  {texts?.rowLabel(t, table.id, row.label) ?? row.label}
                </th>
                {table.columns.map((c) => (
                  <Cells key={c.key} cell={row.cells[c.key]} unit={c.unit} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </section>
  );
}

const MINUS = '\u2212';

function signed(v: number): string {
  const text = formatValue(Math.abs(v));
  return v > 0 ? `+${text}` : v < 0 ? `${MINUS}${text}` : '±0';
}

function deltaTitle(c: DifferenceCell, unit: string): string | undefined {
  if (c.delta === null) return undefined;
  const pct = c.deltaPct === null ? '' : `, ${formatErrorPct(c.deltaPct)}`;
  // A percentage's change is in percentage points, never a percent of a percent.
  return `B − A: ${withUnit(signed(c.delta), unit === '%' ? 'pp' : unit)}${pct}`;
}

function Cells({ cell, unit }: { cell: DifferenceCell | undefined; unit: string }) {
  const c = cell ?? { a: null, b: null, delta: null, deltaPct: null };
  const changed = c.delta !== null && c.delta !== 0;
  return (
    <>
      <td className="num">{formatValue(c.a)}</td>
      <td className="num">{formatValue(c.b)}</td>
      <td className={`num delta ${changed ? 'changed' : ''}`} title={deltaTitle(c, unit)}>
        {c.delta === null ? (
          '—'
        ) : (
          <>
            {signed(c.delta)}
            {c.deltaPct !== null && c.delta !== 0 && (
              <span className="delta-pct"> ({formatErrorPct(c.deltaPct)})</span>
            )}
          </>
        )}
      </td>
    </>
  );
}
