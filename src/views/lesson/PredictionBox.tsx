import { useEffect, useId, useState } from 'react';
import type { ComparedTable, ScenarioTables } from '../../compare/types';
import { formatExact, formatValue, withUnit } from '../../format';
import type { IntervalParts } from '../../models/types';
import type { AskedNumber } from '../../scenario/lessonShape';

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

/** A typed number: "1,500", "45.5", "−3" and "1e4" read; anything else is not a number. */
export function readTyped(text: string): number | null {
  const t = text
    .trim()
    .replace(/[\s,_]/g, '')
    .replace('\u2212', '-');
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

const PART_WORDS: Record<'parameter' | 'scatter' | 'between' | 'modelForm', string> = {
  parameter: 'the uncertainty of the fitted constants',
  scatter: 'the calibration cells’ scatter around the model',
  between: 'the spread between one experiment and another',
  modelForm: 'the spread between the readings of the paper’s words, each run',
};

/** The part of an interval with the largest standard deviation, in words. */
export function widestPart(parts: IntervalParts | undefined): string | null {
  if (!parts) return null;
  const keys = ['parameter', 'scatter', 'between', 'modelForm'] as const;
  const total = keys.reduce((a, k) => a + parts[k] ** 2, 0);
  if (!(total > 0)) return null;
  const top = keys.reduce((a, k) => (parts[k] > parts[a] ? k : a), keys[0]);
  const share = Math.round((100 * parts[top] ** 2) / total);
  return `${share} % of its variance comes from ${PART_WORDS[top]}`;
}

/** The asked cell of the computed tables, rescaled to the asked unit. */
export function revealedCell(tables: ScenarioTables, ask: AskedNumber): RevealedCell | null {
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
    widest: widestPart(row.intervalParts?.[ask.column]),
  };
}

const show = (v: number, unit: string) => withUnit(formatValue(v), unit);

/** "You said 150 s · the model says 149 s (95 % interval 112–198 s) · the paper 146 s." */
export function revealSentence(ask: AskedNumber, typed: string, cell: RevealedCell): string {
  const mine = readTyped(typed);
  const you =
    mine === null ? 'You made no prediction' : `You said ${withUnit(formatExact(mine), ask.unit)}`;
  const model =
    cell.model === null ? 'the model has no value' : `the model says ${show(cell.model, ask.unit)}`;
  const iv = cell.interval
    ? ` (${cell.level ? `${Math.round(cell.level * 100)} % ` : ''}interval ${formatValue(cell.interval[0])}–${show(cell.interval[1], ask.unit)}${cell.widest ? `; ${cell.widest}` : ''})`
    : '';
  const paper =
    cell.paper === null
      ? 'the paper: no measurement here (the model predicts it)'
      : `the paper ${show(cell.paper, ask.unit)}`;
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
      aria-label="Your prediction"
      data-testid="lesson-predict"
      onSubmit={(e) => e.preventDefault()}
    >
      <p className="lesson-predict-note" id={`${id}-note`}>
        Your prediction{asks.length > 1 ? `s (${asks.length})` : ''}, kept in this browser:
      </p>
      {asks.map((ask, i) => {
        const typed = values[i] ?? '';
        const bad = typed.trim() !== '' && readTyped(typed) === null;
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
                Type a number, such as 45 or 0.5.
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
  return (
    <section className="lesson-predict" aria-label="Your prediction and the answer">
      {tables === null ? (
        <p role="status" aria-busy="true" data-testid="lesson-answer-loading">
          Computing the model’s values…
        </p>
      ) : tables instanceof Error ? (
        <p className="error-box" role="alert">
          The model’s values could not be computed: {tables.message}
        </p>
      ) : (
        <ul className="lesson-answers" data-testid="lesson-answers">
          {asks.map((ask, i) => {
            const cell = revealedCell(tables, ask);
            return (
              <li key={ask.label} data-testid="lesson-answer">
                <strong>{ask.label}:</strong>{' '}
                {cell
                  ? revealSentence(ask, values[i] ?? '', cell)
                  : 'this scenario has no such cell.'}
              </li>
            );
          })}
        </ul>
      )}
      {why && (
        <p className="lesson-why" data-testid="lesson-why">
          <span className="lesson-question-label">Why:</span> {why}
        </p>
      )}
    </section>
  );
}
