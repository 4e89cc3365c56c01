import type { ComparedTable } from '../compare/types';
import { useT } from '../i18n/LangContext';
import { useModelText } from './useModelText';

/** Says which knobs made this another experiment than the paper's, above the summary. */
export function OtherExperimentNote({ table }: { table: ComparedTable }) {
  const t = useT();
  const texts = useModelText();
  const names =
    texts?.changedKnobs(t, table) ?? (table.otherExperiment ?? []).map((p) => p.label).join(', ');
  return (
    <p className="other-experiment" data-testid={`other-experiment-${table.id}`}>
      {t.rich('common.otherExperiment', { strong: (c) => <strong>{c}</strong>, names })}
    </p>
  );
}
