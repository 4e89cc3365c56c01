import type { ReactNode } from 'react';
import { MODEL_INFOS } from '../models/registry';
import { defaultScenario } from '../scenario';
import { scenarioHash } from '../state/scenarioLink';
import {
  formatErrorPct,
  UNBOUNDED_RATIO,
  formatPct,
  formatValue,
  labelWithUnit,
  numberLocale,
} from '../format';
import { LEAVE_OUT_FOLDS } from '../papers/leave-out-data';
import {
  coverageCounts,
  errorPct,
  isInside,
  medianHalfWidthPct,
  summarizeFold,
  UNINFORMATIVE_PCT,
  type LeaveOutFold,
} from '../papers/leave-out';
import { foldBaseline } from '../compare/baselines';
import { median } from '../models/stats';
import BlindRecord from './BlindRecord';
import { insideWord, Predicted, RecordTable, type Column } from './RecordTable';
import TableFolds from './TableFolds';
import '../i18n/pageMessages';
import { useT, type Translate } from '../i18n/LangContext';
import { maskNumbers, modelText, textKey } from '../i18n/modelText';
import { baselineRuleText } from './baselineRule';
import type { MessageId } from '../i18n/catalog';

/** A median half-width beyond this is printed as “unbounded” (an upper bound past ×UNBOUNDED_RATIO). */
const UNBOUNDED_PCT = ((UNBOUNDED_RATIO - 1) / 2) * 100;

/**
 * "How well do the models predict?": the leave-out scoreboard. Each fold refits a model
 * without some of the paper's cells and predicts them with the interval the model page would
 * show. Numbers come from src/papers/leave-out-data.ts (scripts/leave-out.ts), which the paper
 * tests recompute.
 */
export default function PredictionsPage() {
  const t = useT();
  const { informative, tooWide } = coverageCounts(LEAVE_OUT_FOLDS);
  const tags = {
    em: (c: ReactNode[]) => <em>{c}</em>,
    strong: (c: ReactNode[]) => <strong>{c}</strong>,
    code: (c: ReactNode[]) => <code>{c}</code>,
  };
  return (
    <main id="main" className="predictions">
      <h1>{t('shell.predictions')}</h1>
      <p className="lede" data-testid="predictions-lede">
        {t.rich('predictions.lede', {
          ...tags,
          folds: informative.folds,
          inside: informative.inside,
          cells: informative.cells,
          wideFolds: tooWide.folds,
          wideInside: tooWide.inside,
          wideCells: tooWide.cells,
          pct: UNINFORMATIVE_PCT,
        })}
      </p>
      <p className="caveat" data-testid="predictions-caveat">
        {t.rich('predictions.caveat', tags)}
      </p>
      <Scoreboard />
      <TableFolds />
      <BlindRecord />
      <h2>{t('predictions.everyCell')}</h2>
      {LEAVE_OUT_FOLDS.map((f) => (
        <FoldDetail key={`${f.model}-${f.heldOut}`} fold={f} />
      ))}
      <p className="method">{t.rich('predictions.method', tags)}</p>
    </main>
  );
}

const englishTitleOf = (id: string) => MODEL_INFOS.find((m) => m.id === id)?.title ?? id;
/** A model's title in the page's language. */
const titleOf = (id: string, t: Translate) => t.data(`model.${id}`, englishTitleOf(id));
/** The title's part before its colon: "File access", "Cross-boundary calls", … */
const shortTitleOf = (id: string, t: Translate) => titleOf(id, t).split(':')[0]!;
/** What a fold held out, in the page's language (`data.heldOut.<English>`). */
const heldOutOf = (fold: LeaveOutFold, t: Translate) =>
  modelText(t, `heldOut.${maskNumbers(fold.heldOut)}`, fold.heldOut);

function ModelLink({ id }: { id: string }) {
  const t = useT();
  const info = MODEL_INFOS.find((m) => m.id === id);
  if (!info) return <>{id}</>;
  return (
    <a href={scenarioHash(defaultScenario(info))} title={titleOf(id, t)}>
      {shortTitleOf(id, t)}
    </a>
  );
}

const levelPct = (level: number) => `${Math.round(level * 100)} %`;

const scoreboard = (t: Translate): Column<LeaveOutFold>[] => [
  { label: t('predictions.model'), cell: (f) => <ModelLink id={f.model} /> },
  { label: t('predictions.heldOut'), cell: (f) => heldOutOf(f, t) },
  { label: t('predictions.cells'), num: true, cell: (f) => f.cells.length },
  {
    label: t('predictions.medianError'),
    num: true,
    err: (f) => summarizeFold(f).medianAbsErrorPct,
    cell: (f) => formatPct(summarizeFold(f).medianAbsErrorPct),
  },
  {
    label: t('predictions.maxError'),
    num: true,
    err: (f) => summarizeFold(f).maxAbsErrorPct,
    cell: (f) => formatPct(summarizeFold(f).maxAbsErrorPct),
  },
  {
    label: t('predictions.width'),
    num: true,
    cell: (f) => <Width pct={medianHalfWidthPct(f)} />,
  },
  {
    label: t('predictions.inside'),
    num: true,
    cell: (f) => (
      <>
        {t('predictions.insideOf', { inside: summarizeFold(f).inside, cells: f.cells.length })}{' '}
        <span className="muted">({levelPct(f.level)})</span>
      </>
    ),
  },
  {
    label: t('predictions.skill'),
    num: true,
    cell: (f) => formatSkill(medianSkill(f)),
  },
];

function Width({ pct }: { pct: number }) {
  const t = useT();
  return (
    <>
      {pct > UNBOUNDED_PCT ? t('format.unbounded') : `±${formatPct(pct)}`}
      {pct > UNINFORMATIVE_PCT && (
        <span className="badge badge-wide" title={t('predictions.tooWideTitle')}>
          {t('predictions.tooWide')}
        </span>
      )}
    </>
  );
}

function Scoreboard() {
  const t = useT();
  return (
    <section className="compared scoreboard" data-testid="leave-out-scoreboard">
      <RecordTable
        caption={<span className="caption-title">{t('predictions.scoreboard')}</span>}
        columns={scoreboard(t)}
        rows={LEAVE_OUT_FOLDS}
        rowKey={(f) => `${f.model}-${f.heldOut}`}
      />
    </section>
  );
}

/** Median skill of the fold's cells over their naive baselines (null where none has one). */
function medianSkill(f: LeaveOutFold): number | null {
  const s = f.cells.map((c) => foldBaseline(f, c)?.skill).filter((x) => typeof x === 'number');
  return s.length === 0 ? null : median(s);
}

/** A skill to two decimals in the page's locale (`0,38` on a Spanish page), with a true minus. */
const formatSkill = (x: number | null) =>
  x === null
    ? '—'
    : x
        .toLocaleString(numberLocale(), {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
          useGrouping: false,
        })
        .replace('-', '−');

type FoldCell = LeaveOutFold['cells'][number];

/** The folds' column names that are words (the others, `10K`, `CPU`, `ratio_x`, are names). */
const COLUMN_IDS: Record<string, MessageId> = {
  'CPU time charged': 'predictions.colCpuCharged',
  'Saving per search': 'predictions.colSaving',
  'Wall clock': 'predictions.colWall',
  Elapsed: 'predictions.colElapsed',
};

function foldColumns(fold: LeaveOutFold, t: Translate): Column<FoldCell>[] {
  return [
    {
      label: t('predictions.cell'),
      cell: (c) => modelText(t, `${fold.model}.row.${maskNumbers(c.label)}`, c.label),
    },
    {
      label: t('predictions.column'),
      cell: (c) => (c.column in COLUMN_IDS ? t(COLUMN_IDS[c.column]!) : c.column),
    },
    {
      label: labelWithUnit(t('predictions.measured'), fold.unit),
      num: true,
      cell: (c) => formatValue(c.measured),
    },
    {
      label: labelWithUnit(t('predictions.predicted'), fold.unit),
      num: true,
      cell: (c) => <Predicted value={c.model} lo={c.lo} hi={c.hi} />,
    },
    {
      label: t('predictions.error'),
      num: true,
      err: errorPct,
      cell: (c) => formatErrorPct(errorPct(c)),
    },
    { label: t('predictions.insideQ'), cell: (c) => insideWord(isInside(c)) },
    {
      label: labelWithUnit(t('predictions.baseline'), fold.unit),
      num: true,
      title: (c) => {
        const rule = foldBaseline(fold, c)?.rule;
        return rule && baselineRuleText(t, fold.model, rule);
      },
      cell: (c) => {
        const b = foldBaseline(fold, c);
        return b ? formatValue(b.value) : '—';
      },
    },
    {
      label: t('predictions.skillShort'),
      num: true,
      cell: (c) => formatSkill(foldBaseline(fold, c)?.skill ?? null),
    },
  ];
}

function FoldDetail({ fold }: { fold: LeaveOutFold }) {
  const t = useT();
  const s = summarizeFold(fold);
  return (
    <details className="fold" data-testid={`fold-${fold.model}`}>
      <summary>
        {t.rich('predictions.foldSummary', {
          strong: (c) => <strong>{c}</strong>,
          model: shortTitleOf(fold.model, t),
          heldOut: heldOutOf(fold, t),
          inside: s.inside,
          cells: s.cells,
          level: levelPct(fold.level),
        })}
      </summary>
      <p>{modelText(t, `foldNote.${textKey(fold.note)}`, fold.note)}</p>
      <p className="muted">
        {t('predictions.baselineRule', {
          rules: [
            ...new Set(
              fold.cells.map((c) => {
                const rule = foldBaseline(fold, c)?.rule;
                return rule ? baselineRuleText(t, fold.model, rule) : t('predictions.none');
              }),
            ),
          ].join('; '),
        })}
      </p>
      <RecordTable
        caption={`${titleOf(fold.model, t)}: ${heldOutOf(fold, t)}`}
        hideCaption
        columns={foldColumns(fold, t)}
        rows={fold.cells}
        rowKey={(c) => `${c.label}-${c.column}`}
      />
    </details>
  );
}
