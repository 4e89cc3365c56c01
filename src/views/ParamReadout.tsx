import type { ModelInfo, ParamValues } from '../models/types';
import { formatParamValue } from '../scenario';

/** An embed's read-only parameters (`controls=read`): each one's label and value with its unit. */
export function ParamReadout({ model, values }: { model: ModelInfo; values: ParamValues }) {
  return (
    <dl className="param-readout" data-testid="param-readout">
      {model.params.map((spec) => {
        const value = values[spec.key] ?? spec.default;
        const text =
          spec.kind === 'enum'
            ? (spec.options.find((o) => o.value === value)?.label ?? String(value))
            : spec.kind === 'list' && String(value).length > 60
              ? `${String(value).split(',').length.toLocaleString('en-US')} references`
              : formatParamValue(spec, value);
        return (
          <div key={spec.key}>
            <dt>{spec.label}</dt>
            <dd>{text}</dd>
          </div>
        );
      })}
    </dl>
  );
}
