import type { ColumnSpec } from '../models/types';
import { labelWithUnit } from '../format';

/**
 * The head of a table with a group of sub-columns per quantity: "Run", then each column's
 * label with its unit over its sub-columns (Model / Paper / Error, or A / B / B − A).
 */
export function GroupedHead({
  columns,
  sub,
}: {
  columns: readonly ColumnSpec[];
  sub: readonly string[];
}) {
  return (
    <thead>
      <tr>
        <th scope="col" rowSpan={2} className="row-head">
          Run
        </th>
        {columns.map((c) => (
          <th key={c.key} scope="colgroup" colSpan={sub.length} className="group-head">
            {labelWithUnit(c.label, c.unit)}
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
