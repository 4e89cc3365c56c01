import type { ModelInfo, ParamValues } from '../models/types';
import { formatExact } from '../format';
import { useT } from '../i18n/LangContext';
import { formatParamValue } from '../scenario';
import { optionLabel, paramLabel, unitWord, withUnitWord } from './modelText';

const count = (lang: string, n: number) =>
  lang === 'en' ? n.toLocaleString('en-US') : formatExact(n);

/** An embed's read-only parameters (`controls=read`): each one's label and value with its unit. */
export function ParamReadout({ model, values }: { model: ModelInfo; values: ParamValues }) {
  const t = useT();
  return (
    <dl className="param-readout" data-testid="param-readout">
      {model.params.map((spec) => {
        const value = values[spec.key] ?? spec.default;
        const option = spec.kind === 'enum' && spec.options.find((o) => o.value === value);
        const text = option
          ? optionLabel(t, model.id, spec, option)
          : spec.kind === 'list' && String(value).length > 60
            ? `${count(t.lang, String(value).split(',').length)} ${unitWord(t, 'references')}`
            : t.lang !== 'en' && spec.kind === 'number'
              ? withUnitWord(t, formatExact(Number(value)), spec.unit)
              : formatParamValue(spec, value);
        return (
          <div key={spec.key}>
            <dt>{paramLabel(t, model.id, spec)}</dt>
            <dd>{text}</dd>
          </div>
        );
      })}
    </dl>
  );
}
