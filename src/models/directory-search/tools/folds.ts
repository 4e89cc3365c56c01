/** Directory-search's leave-out fold: the binary-search saving, which the fit never sees. */
import { directorySearchModel } from '..';
import type { HeldOutFold } from '../../types';
import { cell } from '../../../../scripts/lib/leave-out-cell';

export function leaveOutFolds(): HeldOutFold[] {
  const preset = directorySearchModel.presets.find((x) => x.id === 'vmsp-directory')!;
  const t = directorySearchModel.tables(preset.params)[0]!;
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
          of: { table: t.id, row: r.label, column: 'saving_us_per_search' },
          model: r.values.saving_us_per_search!,
          lo,
          hi,
        }),
      ],
      note: 'One held-out cell. The interval is wide because the paper gives the time per instruction only as “comparable to” 125 ns.',
    },
  ];
}
