import {
  useId,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import type { BoardSettings, Homework } from '../../class/protocol';
import '../../i18n/parts/class';
import { useT } from '../../i18n/LangContext';

/**
 * The board's two small forms — how it shows the room, and opening the lesson as homework —
 * and what they share: a labelled field and a sentence when what was typed cannot be sent.
 */

/** A form that checks what was typed: `check` gives the sentence of a problem, or null. */
function CheckedForm({
  className,
  check,
  children,
}: {
  className?: string;
  check: () => string | null;
  children: ReactNode;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(check());
  };
  return (
    <form className={className} onSubmit={submit}>
      {children}
      {problem && (
        <span className="field-problem" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}

/** A label and its input (the id made here). */
function Field({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </>
  );
}

/** Anonymise names and the minimum count before the distribution shows. */
export function BoardSettingsForm({
  settings,
  onSave,
}: {
  settings: BoardSettings;
  onSave: (s: BoardSettings) => Promise<void>;
}) {
  const t = useT();
  const [min, setMin] = useState(String(settings.minAnswers));
  // The checkbox sends the form at once, with its new state.
  const toggled = useRef<boolean | null>(null);
  const check = () => {
    const anonymise = toggled.current ?? settings.anonymise;
    toggled.current = null;
    const n = Number(min);
    if (!Number.isInteger(n) || n < 0 || n > 500) return t('class.minProblem', { max: 500 });
    void onSave({ anonymise, minAnswers: n });
    return null;
  };
  return (
    <CheckedForm className="class-settings" check={check}>
      <label>
        <input
          type="checkbox"
          checked={settings.anonymise}
          onChange={(e) => {
            toggled.current = e.target.checked;
            e.currentTarget.form?.requestSubmit();
          }}
          data-testid="class-anonymise"
        />{' '}
        {t('class.anonymise')}
      </label>
      <Field
        label={t('class.minFrom')}
        type="number"
        min={0}
        max={500}
        inputMode="numeric"
        value={min}
        onChange={(e) => setMin(e.target.value)}
        data-testid="class-min-answers"
      />
      <span>{t('class.minAnswers')}</span>
      <button type="submit" data-testid="class-min-set">
        {t('class.set')}
      </button>
    </CheckedForm>
  );
}

/** A `datetime-local` value (the teacher's own clock) for a time in ms. */
const local = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};
const WEEK = 7 * 24 * 3600 * 1000;

/**
 * Open the lesson as homework: from now (or a time set) until a week later (or a time set),
 * students go at their own pace and the board shows who is where.
 */
export function HomeworkForm({ onOpen }: { onOpen: (h: Homework) => Promise<void> }) {
  const t = useT();
  const [opens, setOpens] = useState(() => local(Date.now()));
  const [closes, setCloses] = useState(() => local(Date.now() + WEEK));
  const check = () => {
    const o = Date.parse(opens);
    const c = Date.parse(closes);
    if (!Number.isFinite(o) || !Number.isFinite(c)) return t('class.homework.bothTimes');
    if (c <= o) return t('class.server.closeAfter');
    void onOpen({ opensAt: new Date(o).toISOString(), closesAt: new Date(c).toISOString() });
    return null;
  };
  return (
    <details className="class-homework-form" data-testid="class-homework-form">
      <summary>{t('class.homework.set')}</summary>
      <CheckedForm check={check}>
        <p className="calm-note">{t('class.homework.note')}</p>
        <Field
          label={t('class.homework.opens')}
          type="datetime-local"
          value={opens}
          onChange={(e) => setOpens(e.target.value)}
        />
        <Field
          label={t('class.homework.closes')}
          type="datetime-local"
          value={closes}
          onChange={(e) => setCloses(e.target.value)}
          data-testid="class-homework-closes"
        />
        <button type="submit" data-testid="class-homework-open">
          {t('class.homework.open')}
        </button>
      </CheckedForm>
    </details>
  );
}
