import { useEffect, useId, useState } from 'react';
import type { ComparedTable, ScenarioTables } from '../../compare/types';
import { formatExact, formatValue, withUnit } from '../../format';
import type { IntervalParts } from '../../models/types';
import type { AskedNumber } from '../../scenario/lessonShape';
import type { MessageId } from '../../i18n/catalog';
import type { Lang } from '../../i18n/lang';
import '../../i18n/parts/lesson';
import { translator, useT, type Translate } from '../../i18n/LangContext';
import { errorText } from '../../i18n/errorText';

/** Where a step's prediction is kept: this browser's storage, per lesson and step. */
export const predictionKey = (lessonId: string, step: number) =>
  `latency-lab:prediction:${lessonId}:${step}`;

/** The typed predictions of a step, one string per asked number ('' where none). */
export function loadPrediction(lessonId: string, step: number, count: number): string[] {
  let raw: string | null = null;
  try {
    raw = globalThis.localStorage?.getItem(predictionKey(lessonId, step)) ?? null;
  } catch {
    // Storage can be disabled (privacy settings): the box still works, unsaved.
  }
  let saved: unknown = null;
  try {
    saved = raw === null ? null : JSON.parse(raw);
  } catch {
    saved = null;
  }
  return Array.from({ length: count }, (_, i) =>
    Array.isArray(saved) && typeof saved[i] === 'string' ? (saved[i] as string) : '',
  );
}

function savePrediction(lessonId: string, step: number, values: string[]): void {
  try {
    globalThis.localStorage?.setItem(predictionKey(lessonId, step), JSON.stringify(values));
  } catch {
    // Not kept (storage full or disabled); the page goes on.
  }
}

/**
 * A typed number: "1,500", "45.5", "−3" and "1e4" read; anything else is not a number. In
 * Spanish the comma is the decimal mark ("0,5", "1.500,25"; "0.5" still reads as a half).
 */
export function readTyped(text: string, lang: Lang = 'en'): number | null {
  let t = text.trim().replace(/[\s_]/g, '').replace('\u2212', '-');
  if (lang === 'en') t = t.replaceAll(',', '');
  else if (t.includes(',')) t = t.replaceAll('.', '').replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(t)) t = t.replaceAll('.', '');
  if (t === '') return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
}

/** What a revealed cell says, in the asked unit: the model, its interval, the paper. */
export interface RevealedCell {
  model: number | null;
  paper: number | null;
  interval: [number, number] | null;
  level: number | undefined;
  /** The part that contributes most to the interval's width, in words, where the model says. */
  widest: string | null;
}

const PART_WORDS: Record<'parameter' | 'scatter' | 'between' | 'modelForm', MessageId> = {
  parameter: 'lesson.part.parameter',
  scatter: 'lesson.part.scatter',
  between: 'lesson.part.between',
  modelForm: 'lesson.part.modelForm',
};

/** English, for the callers that give no page's language (tests, scripts). */
const english = translator('en');

/** The part of an interval with the largest standard deviation, in words. */
export function widestPart(
  parts: IntervalParts | undefined,
  t: Translate = english,
): string | null {
  if (!parts) return null;
  const keys = ['parameter', 'scatter', 'between', 'modelForm'] as const;
  const total = keys.reduce((a, k) => a + parts[k] ** 2, 0);
  if (!(total > 0)) return null;
  const top = keys.reduce((a, k) => (parts[k] > parts[a] ? k : a), keys[0]);
  const share = Math.round((100 * parts[top] ** 2) / total);
  return t('lesson.widest', { share, part: t(PART_WORDS[top]) });
}

/** The asked cell of the computed tables, rescaled to the asked unit. */
export function revealedCell(
  tables: ScenarioTables,
  ask: AskedNumber,
  t: Translate = english,
): RevealedCell | null {
  const table: ComparedTable | undefined = tables.tables.find((t) => t.id === ask.table);
  const row = table?.rows.find((r) => r.label === ask.row);
  if (!table || !row) return null;
  const k = ask.scale ?? 1;
  const scaled = (v: number | null | undefined) =>
    typeof v === 'number' && Number.isFinite(v) ? v * k : null;
  const iv = row.intervals?.[ask.column];
  return {
    model: scaled(row.model[ask.column]),
    paper: table.otherExperiment ? null : scaled(row.paper?.[ask.column]),
    interval: iv ? [iv[0] * k, iv[1] * k] : null,
    level: table.intervalLevel,
    widest: widestPart(row.intervalParts?.[ask.column], t),
  };
}

const show = (v: number, unit: string) => withUnit(formatValue(v), unit);

/** "You said 150 s · the model says 149 s (95 % interval 112–198 s) · the paper 146 s." */
export function revealSentence(
  ask: AskedNumber,
  typed: string,
  cell: RevealedCell,
  t: Translate = english,
): string {
  const mine = readTyped(typed, t.lang);
  const you =
    mine === null
      ? t('lesson.youNone')
      : t('lesson.youSaid', { value: withUnit(formatExact(mine), ask.unit) });
  const model =
    cell.model === null
      ? t('lesson.modelNone')
      : t('lesson.modelSays', { value: show(cell.model, ask.unit) });
  const range = cell.interval && {
    lo: formatValue(cell.interval[0]),
    hi: show(cell.interval[1], ask.unit),
  };
  const iv = range
    ? ` (${cell.level ? t('lesson.intervalLevel', { ...range, pct: Math.round(cell.level * 100) }) : t('lesson.interval', range)}${cell.widest ? `; ${cell.widest}` : ''})`
    : '';
  const paper =
    cell.paper === null
      ? t('lesson.paperNone')
      : t('lesson.paperSays', { value: show(cell.paper, ask.unit) });
  return `${you} · ${model}${iv} · ${paper}.`;
}

/**
 * A step's prediction box: one field per number the step asks for, in its unit, kept in this
 * browser's storage (per lesson and step) so a reload or a step back keeps it. Once revealed,
 * each field gives way to "you said X, the model says Y, the paper Z", in the same place, so
 * question and answer share the screen; then the step's `why`.
 */
export function PredictionBox({
  lessonId,
  step,
  asks,
  why,
  reveal,
  tables,
}: {
  lessonId: string;
  step: number;
  asks: readonly AskedNumber[];
  why: string | undefined;
  reveal: boolean;
  /** The step's tables once revealed: null while they are computed, an Error if they failed. */
  tables: ScenarioTables | Error | null;
}) {
  const t = useT();
  const id = useId();
  const [values, setValues] = useState(() => loadPrediction(lessonId, step, asks.length));
  // Another step (or lesson) has its own prediction.
  useEffect(() => {
    setValues(loadPrediction(lessonId, step, asks.length));
  }, [lessonId, step, asks.length]);
  const change = (i: number, text: string) => {
    const next = values.map((v, j) => (j === i ? text : v));
    setValues(next);
    savePrediction(lessonId, step, next);
  };

  if (reveal) return <RevealedAnswers asks={asks} values={values} why={why} tables={tables} />;

  return (
    <form
      className="lesson-predict"
      aria-label={t('lesson.prediction')}
      data-testid="lesson-predict"
      onSubmit={(e) => e.preventDefault()}
    >
      <p className="lesson-predict-note" id={`${id}-note`}>
        {asks.length > 1
          ? t('lesson.predictionsKept', { n: asks.length })
          : t('lesson.predictionKept')}
      </p>
      {asks.map((ask, i) => {
        const typed = values[i] ?? '';
        const bad = typed.trim() !== '' && readTyped(typed, t.lang) === null;
        return (
          <span className="lesson-predict-field" key={ask.label}>
            <label htmlFor={`${id}-${i}`}>{ask.label}</label>
            <span className="lesson-predict-input">
              <input
                id={`${id}-${i}`}
                inputMode="decimal"
                autoComplete="off"
                value={typed}
                onChange={(e) => change(i, e.target.value)}
                aria-invalid={bad}
                aria-describedby={bad ? `${id}-${i}-problem` : `${id}-note`}
                data-testid="lesson-prediction"
              />
              {ask.unit && <span className="lesson-predict-unit">{ask.unit}</span>}
            </span>
            {bad && (
              <span id={`${id}-${i}-problem`} className="field-problem" role="alert">
                {t('lesson.typeNumber', { a: 45, b: 0.5 })}
              </span>
            )}
          </span>
        );
      })}
    </form>
  );
}

/** The revealed step: each field's "you said X, the model says Y, the paper Z", then why. */
function RevealedAnswers({
  asks,
  values,
  why,
  tables,
}: {
  asks: readonly AskedNumber[];
  values: readonly string[];
  why: string | undefined;
  tables: ScenarioTables | Error | null;
}) {
  const t = useT();
  return (
    <section className="lesson-predict" aria-label={t('lesson.predictionAndAnswer')}>
      {tables === null ? (
        <p role="status" aria-busy="true" data-testid="lesson-answer-loading">
          {t('lesson.computing')}
        </p>
      ) : tables instanceof Error ? (
        <p className="error-box" role="alert">
          {t('lesson.computeFailed', { message: errorText(t, tables) })}
        </p>
      ) : (
        <ul className="lesson-answers" data-testid="lesson-answers">
          {asks.map((ask, i) => {
            const cell = revealedCell(tables, ask, t);
            return (
              <li key={ask.label} data-testid="lesson-answer">
                <strong>{ask.label}:</strong>{' '}
                {cell ? revealSentence(ask, values[i] ?? '', cell, t) : t('lesson.noCell')}
              </li>
            );
          })}
        </ul>
      )}
      {why && (
        <p className="lesson-why" data-testid="lesson-why">
          <span className="lesson-question-label">{t('lesson.why')}</span> {why}
        </p>
      )}
    </section>
  );
}
