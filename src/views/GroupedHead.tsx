import type { ColumnSpec } from '../models/types';
import { labelWithUnit } from '../format';
import { useT } from '../i18n/LangContext';
import { useModelText } from './useModelText';

/**
 * The head of a table with a group of sub-columns per quantity: "Run", then each column's
 * label with its unit over its sub-columns (Model / Paper / Error, or A / B / B − A).
 */
export function GroupedHead({
  columns,
  sub,
  legend,
  table,
}: {
  columns: readonly ColumnSpec[];
  sub: readonly string[];
  /**
   * What a stacked cell holds ("Model, paper, error"), said once under "Run": projector mode
   * shows it there instead of over every column (styles/projector.css), to save the row.
   */
  legend?: string | undefined;
  /** The table's id: its column heads in the page's language (./modelText.ts). */
  table?: string | undefined;
}) {
  const t = useT();
  const texts = useModelText();
  return (
    <thead>
      <tr>
        <th scope="col" rowSpan={2} className="row-head">
          {t('common.run')}
          {legend && (
            <span className="head-legend" aria-hidden="true">
              {legend}
            </span>
          )}
        </th>
        {columns.map((c) => (
          <th key={c.key} scope="colgroup" colSpan={sub.length} className="group-head">
            {texts ? texts.columnHead(t, table ?? '', c) : labelWithUnit(c.label, c.unit)}
          </th>
        ))}
      </tr>
      <tr>
        {columns.map((c) =>
          sub.map((s) => (
            <th key={`${c.key}-${s}`} scope="col" className="num">
              {s}
            </th>
          )),
        )}
      </tr>
    </thead>
  );
}
