/** Directory-search's leave-out fold: the binary-search saving, which the fit never sees. */
import { evaluateTables } from '../../../compare/compare';
import { directorySearchModel } from '..';
import type { LeaveOutFold } from '../../../papers/leave-out';
import { cell } from '../../../../scripts/lib/leave-out-cell';

export function leaveOutFolds(): LeaveOutFold[] {
  const preset = directorySearchModel.presets.find((x) => x.id === 'vmsp-directory')!;
  const t = evaluateTables(directorySearchModel, preset.params).tables[0]!;
  const r = t.rows.find((x) => x.label === 'Binary search')!;
  const [lo, hi] = r.intervals!.saving_us_per_search!;
  return [
    {
      model: directorySearchModel.id,
      heldOut: 'vmsp-directory, the binary-search saving (the fit sees only the sorted one)',
      level: 0.95,
      unit: 'µs',
      cells: [
        cell({
          label: 'Binary search',
          column: 'Saving per search',
          measured: r.paper!.saving_us_per_search!,
          model: r.model.saving_us_per_search!,
          lo,
          hi,
        }),
      ],
      note: 'One held-out cell. The interval is wide because the paper gives the time per instruction only as “comparable to” 125 ns.',
    },
  ];
}
