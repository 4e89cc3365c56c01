import type { ComparedTable } from '../compare/types';

/** Says which knobs made this another experiment than the paper's, above the summary. */
export function OtherExperimentNote({ table }: { table: ComparedTable }) {
  const names = (table.otherExperiment ?? []).map((p) => p.label).join(', ');
  return (
    <p className="other-experiment" data-testid={`other-experiment-${table.id}`}>
      <strong>Another experiment than the paper’s</strong> ({names} changed): the paper’s values are
      of its own run, so Δ is how far this scenario lies from that run, not the model’s error.
    </p>
  );
}
