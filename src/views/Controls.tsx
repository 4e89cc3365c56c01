import { memo, use, useId, useMemo, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { isShown, paramSections } from './paramSections';
import type {
  EnumParamSpec,
  ModelInfo,
  ListParamSpec,
  NumberParamSpec,
  ParamSpec,
  ParamValue,
  ParamValues,
} from '../models/types';
import { formatAllowed, formatRange } from '../scenario/format';
import { MAX_READABLE_LIST_CHARS } from '../scenario/permalink';
import { readListText } from '../scenario/validate';
import { formatExact } from '../format';
import { useT, type Translate } from '../i18n/LangContext';
import '../i18n/parts/controls';
import {
  labelWithUnitWord,
  markLabel,
  optionLabel,
  paramDoc,
  paramGroup,
  paramLabel,
  unitWord,
  withUnitWord,
} from './modelText';
import { withTerms } from './withTerms';
import { modelOfSpec, paramDocs, useParamDoc } from './paramDocs';
import { nextSeed } from './seed';
import {
  parseTypedNumber,
  isPow2,
  isPowerOfTwo,
  positionToValue,
  sliderAttributes,
  valueToPosition,
  isLog,
} from '../scenario/sliderScale';

export type ChangeParam = (key: string, value: ParamValue, how: { replace: boolean }) => void;

interface ControlsProps {
  model: ModelInfo;
  values: ParamValues;
  onChange: ChangeParam;
  /** A number parameter's control got focus or a pointer: the knob to explore. */
  onExplore?: ((key: string) => void) | undefined;
}

/**
 * Every parameter of the model under three headings (workload, machine, fitted constants),
 * then its group's, in declaration order. The fitted constants start collapsed.
 */
export const Controls = memo(function Controls({
  model,
  values,
  onChange,
  onExplore,
}: ControlsProps) {
  // Every doc of the model at once, before the first control asks for its own.
  use(paramDocs(model.id));
  const t = useT();
  const all = useMemo(() => paramSections(model), [model]);
  // A knob no output of this paper table reads is not shown with it (ParamSpec.shownFor).
  const sections = all
    .map((s) => ({
      ...s,
      groups: s.groups
        .map((g) => ({ ...g, specs: g.specs.filter((spec) => isShown(model, spec, values)) }))
        .filter((g) => g.specs.length > 0),
    }))
    .filter((s) => s.groups.length > 0);
  return (
    <div className="controls">
      {sections.map((section) => {
        const groups = section.groups.map(({ group, specs }) => (
          <fieldset
            key={group}
            className={`control-group${group === section.title ? ' control-group-plain' : ''}`}
          >
            {/* A group named like its heading (Workload under Workload) is not named twice. */}
            <legend className={group === section.title ? 'visually-hidden' : undefined}>
              {paramGroup(t, model.id, group)}
            </legend>
            {specs.map((spec) => (
              <Control
                key={spec.key}
                spec={spec}
                values={values}
                onChange={onChange}
                onExplore={onExplore}
              />
            ))}
          </fieldset>
        ));
        return section.id === 'fitted' ? (
          <details key={section.id} className="param-section" data-section={section.id}>
            <summary>
              <h3>{t(`controls.section.${section.id}`)}</h3>
            </summary>
            {groups}
          </details>
        ) : (
          <section
            key={section.id}
            className="param-section"
            data-section={section.id}
            aria-label={t(`controls.section.${section.id}`)}
          >
            <h3>{t(`controls.section.${section.id}`)}</h3>
            {groups}
          </section>
        );
      })}
    </div>
  );
});

function Control({
  spec,
  values,
  onChange,
  onExplore,
}: {
  spec: ParamSpec;
  values: ParamValues;
  onChange: ChangeParam;
  onExplore?: ((key: string) => void) | undefined;
}) {
  return spec.kind === 'number' && spec.seed ? (
    <SeedControl spec={spec} value={Number(values[spec.key] ?? spec.default)} onChange={onChange} />
  ) : spec.kind === 'number' ? (
    <NumberControl
      spec={spec}
      value={Number(values[spec.key] ?? spec.default)}
      onChange={onChange}
      onExplore={onExplore}
    />
  ) : spec.kind === 'list' ? (
    <ListControl spec={spec} value={String(values[spec.key] ?? spec.default)} onChange={onChange} />
  ) : (
    <EnumControl spec={spec} value={String(values[spec.key] ?? spec.default)} onChange={onChange} />
  );
}

interface NumberControlProps {
  spec: NumberParamSpec;
  value: number;
  onChange: ChangeParam;
  /**
   * Its own words, for a second copy of a control on the page (the explore strip's, which a
   * list beside it names): the slider's label and the number box's, in place of the
   * parameter's, so that a label names one control on the page.
   */
  labels?: { slider: string; exact: string };
  onExplore?: ((key: string) => void) | undefined;
}

/**
 * A slider and a number box for one parameter. The slider is for exploring (log-scaled for
 * quantities spanning decades, rounded to the step); the box takes exact values. A typed value
 * that is not a number, or out of range, is explained beside the box and not applied.
 */
export const NumberControl = memo(function NumberControl({
  spec,
  value,
  onChange,
  labels,
  onExplore,
}: NumberControlProps) {
  const id = useId();
  const sliderId = `${id}-slider`;
  const docId = `${id}-doc`;
  const exact = useExactBox(spec, value, onChange, true, id);
  const { t, model, name, doc } = useSpecText(spec);
  const label = labels?.slider ?? labelWithUnitWord(t, name, spec.unit);

  return (
    <div
      className="control"
      onFocus={onExplore && (() => onExplore(spec.key))}
      onPointerDown={onExplore && (() => onExplore(spec.key))}
    >
      <label className="control-label" htmlFor={sliderId}>
        {label}
      </label>
      <div className="control-inputs">
        <input
          id={sliderId}
          type="range"
          {...sliderAttributes(spec)}
          value={valueToPosition(value, spec)}
          aria-describedby={docId}
          aria-valuetext={withUnitWord(t, formatExact(value), spec.unit)}
          data-scale={isPow2(spec) ? 'pow2' : isLog(spec) ? 'log' : 'linear'}
          data-param={spec.key}
          {...(spec.marks?.length ? { list: `${id}-marks` } : {})}
          onChange={(e) => {
            exact.clear();
            const next = positionToValue(Number(e.currentTarget.value), spec, value);
            if (next !== value) onChange(spec.key, next, { replace: true });
          }}
        />
        <input
          id={`${id}-input`}
          inputMode="decimal"
          aria-label={
            labels?.exact ??
            (spec.unit
              ? t('controls.exactIn', { label: name, unit: unitWord(t, spec.unit) })
              : t('controls.exact', { label: name }))
          }
          {...exact.box}
        />
      </div>
      {spec.marks?.length ? (
        <datalist id={`${id}-marks`}>
          {spec.marks.map((m) => (
            <option
              key={m.value}
              value={valueToPosition(m.value, spec)}
              label={markLabel(t, model, spec, m)}
            />
          ))}
        </datalist>
      ) : null}
      {exact.message}
      {!exact.invalid && isPow2(spec) && !isPowerOfTwo(value) && (
        <p
          className="control-message control-hypothetical"
          role="status"
          data-testid="hypothetical-size"
        >
          {t('controls.hypothetical', { value: withUnitWord(t, formatExact(value), spec.unit) })}
        </p>
      )}
      <p id={docId} className="control-doc">
        {withTerms(doc)}{' '}
        <span className="control-range">
          {t('controls.range', { range: t.lang === 'en' ? exact.range : localRange(t, spec) })}
        </span>
        {spec.marks?.length ? (
          <span className="control-marks">
            {' '}
            {t('controls.marks', {
              marks: spec.marks
                .map((m) =>
                  t('controls.mark', {
                    value: withUnitWord(t, formatExact(m.value), spec.unit),
                    label: markLabel(t, model, spec, m),
                  }),
                )
                .join(', '),
            })}
          </span>
        ) : null}
      </p>
    </div>
  );
});

/**
 * The exact-value box of a number (`id`-input, described by `id`-doc): the box's text while
 * someone is typing, with the value it stands for (the typed value when valid, else the value
 * it failed to replace), shown only while that is still the scenario's value — a preset or the
 * slider changing the value replaces it. A valid value applies at once; an invalid one is
 * explained in `message` and not applied. Esc restores.
 */
function useExactBox(
  spec: NumberParamSpec,
  value: number,
  onChange: ChangeParam,
  replace: boolean,
  id: string,
) {
  const t = useT();
  const range = useMemo(() => formatRange(spec), [spec]);
  const [draft, setDraft] = useState<{ text: string; value: number } | null>(null);
  const shown = draft !== null && draft.value === value ? draft.text : null;
  const parsed = shown === null ? null : parseTypedNumber(shown, spec, range);
  const invalid = parsed !== null && !parsed.ok;
  const box = {
    className: 'control-number',
    type: 'text',
    autoComplete: 'off',
    spellCheck: false,
    'aria-describedby': invalid ? `${id}-message ${id}-doc` : `${id}-doc`,
    'aria-invalid': invalid,
    value: shown ?? String(value),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const text = e.currentTarget.value;
      const p = parseTypedNumber(text, spec, range);
      setDraft({ text, value: p.ok ? p.value : value });
      if (p.ok && p.value !== value) onChange(spec.key, p.value, { replace });
    },
    onBlur: () => {
      if (parsed?.ok) setDraft(null);
    },
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Escape') setDraft(null);
      if (e.key === 'Enter' && parsed?.ok) setDraft(null);
    },
  };
  const message = invalid && (
    <p id={`${id}-message`} className="control-message" role="status">
      {t.lang === 'en'
        ? parsed.message
        : t(`controls.typed.${parsed.why}`, { text: shown ?? '', range: localRange(t, spec) })}
    </p>
  );
  return { range, box, message, invalid, clear: () => setDraft(null) };
}

/**
 * A random seed: not a quantity, so no slider. The run's number (typed exactly, if wanted) and
 * a "New random run" button that draws the next seed from this one (./seed.ts); either way the
 * link records it, so the run is reproduced exactly.
 */
const SeedControl = memo(function SeedControl({
  spec,
  value,
  onChange,
}: {
  spec: NumberParamSpec;
  value: number;
  onChange: ChangeParam;
}) {
  const id = useId();
  const exact = useExactBox(spec, value, onChange, false, id);
  const { t, name, doc } = useSpecText(spec);
  return (
    <div className="control control-seed" data-seed={spec.key}>
      <label className="control-label" htmlFor={`${id}-input`}>
        {name}
      </label>
      <div className="control-inputs">
        <input id={`${id}-input`} inputMode="numeric" data-param={spec.key} {...exact.box} />
        <button
          type="button"
          className="small-button"
          aria-describedby={`${id}-doc`}
          onClick={() => {
            exact.clear();
            onChange(spec.key, nextSeed(value, spec), { replace: false });
          }}
        >
          {t('controls.newRun')}
        </button>
      </div>
      {exact.message}
      <p id={`${id}-doc`} className="control-doc">
        {withTerms(doc)} {t('controls.seedKept')}
      </p>
    </div>
  );
});

interface EnumControlProps {
  spec: EnumParamSpec;
  value: string;
  onChange: ChangeParam;
}

const EnumControl = memo(function EnumControl({ spec, value, onChange }: EnumControlProps) {
  const id = useId();
  const { t, model, name, doc } = useSpecText(spec);
  return (
    <div className="control">
      <label className="control-label" htmlFor={id}>
        {name}
      </label>
      <select
        id={id}
        value={value}
        aria-describedby={`${id}-doc`}
        onChange={(e) => onChange(spec.key, e.currentTarget.value, { replace: false })}
      >
        {spec.options.map((o) => (
          <option key={o.value} value={o.value}>
            {optionLabel(t, model, spec, o)}
          </option>
        ))}
      </select>
      <p id={`${id}-doc`} className="control-doc">
        {withTerms(doc)}
      </p>
    </div>
  );
});

interface ListControlProps {
  spec: ListParamSpec;
  value: string;
  onChange: ChangeParam;
}

/**
 * A text box for a list of whole numbers (`3, 1, 4, 1, 5`). It applies on Enter or when focus
 * leaves it; text that is not a valid list is explained beside the box and not applied.
 */
const ListControl = memo(function ListControl({ spec, value, onChange }: ListControlProps) {
  const id = useId();
  const { t, name, doc } = useSpecText(spec);
  const [draft, setDraft] = useState<string | null>(null);
  // A trace of thousands of items is summed up, not shown as one enormous line.
  const long = draft === null && value.length > MAX_READABLE_LIST_CHARS;
  const text = long
    ? t('controls.longList', { n: value.split(',').length })
    : (draft ?? value.split(',').join(', '));
  const reading = draft === null ? null : readListText(spec, draft);
  const error =
    reading && !reading.ok
      ? t.lang === 'en'
        ? reading.why
        : t(`controls.list.${reading.flaw as 'notList' | 'tooMany' | 'itemRange'}`, reading.values)
      : null;
  const apply = () => {
    if (draft === null) return;
    const r = readListText(spec, draft);
    if (!r.ok) return;
    setDraft(null);
    if (r.value !== value) onChange(spec.key, r.value, { replace: false });
  };
  return (
    <div className="control">
      <label className="control-label" htmlFor={id}>
        {labelWithUnitWord(t, name, spec.unit)}
      </label>
      <input
        id={id}
        type="text"
        className="control-list"
        inputMode="numeric"
        spellCheck={false}
        autoComplete="off"
        value={text}
        readOnly={long}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-doc${error ? ` ${id}-err` : ''}`}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
          if (e.key === 'Escape') setDraft(null);
        }}
      />
      {long && (
        <button
          type="button"
          aria-label={t('controls.clearList', { label: name.toLowerCase() })}
          onClick={() => onChange(spec.key, '', { replace: false })}
        >
          {t('controls.clear')}
        </button>
      )}
      {error && (
        <p id={`${id}-err`} className="control-message" role="status">
          {t('controls.listError', {
            label: name,
            error,
            allowed:
              t.lang === 'en'
                ? formatAllowed(spec)
                : t('controls.list.allowed', {
                    maxItems: spec.maxItems,
                    itemMin: spec.itemMin,
                    itemMax: spec.itemMax,
                  }),
          })}
        </p>
      )}
      <p id={`${id}-doc`} className="control-doc">
        {withTerms(doc)} {t('controls.listKeys')}
      </p>
    </div>
  );
});

/** A parameter's label and doc in the page's language, with the model it belongs to. */
function useSpecText(spec: ParamSpec) {
  const t = useT();
  const model = modelOfSpec(spec) ?? '';
  const english = useParamDoc(spec);
  return { t, model, name: paramLabel(t, model, spec), doc: paramDoc(t, model, spec, english) };
}

/** The range in the page's numbers and words (the English keeps scenario/format's). */
function localRange(t: Translate, spec: NumberParamSpec): string {
  const sep = spec.min < 0 ? ` ${t('controls.to')} ` : '–';
  const unit = spec.unit === '%' ? '%' : spec.unit ? ` ${unitWord(t, spec.unit)}` : '';
  return `${formatExact(spec.min)}${sep}${formatExact(spec.max)}${unit}`;
}
