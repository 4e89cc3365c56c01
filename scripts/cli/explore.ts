/**
 * The CLI's library: a link read with the app's codec and evaluated (`explore`), every preset
 * with its link (`listPresets`). The golden tests import this; the CLI's main is ./main.ts.
 */
import { evaluateTables } from '../../src/compare/compare';
import { CSV_HEADER, csvField, csvText, readable, toCsv } from '../../src/compare/csv';
import { resultsDocument, type ResultsDocument } from '../../src/compare/results';
import { MODEL_INFOS, loadModel } from '../../src/models/registry';
import {
  parsePermalink,
  presetScenario,
  serializeScenario,
  showText,
  VERSION_KEY,
  type Problem,
} from '../../src/scenario';
import { UsageError } from './errors';

export interface ListEntry {
  id: string;
  title: string;
  permalink: string;
}

/** Every preset of every model (one per paper table), with its canonical link. */
export function listPresets(): ListEntry[] {
  return MODEL_INFOS.flatMap((model) =>
    model.presets.map((preset) => ({
      id: preset.id,
      title: preset.title,
      permalink: serializeScenario(presetScenario(model, preset.id)),
    })),
  );
}

/** The results document, shared with the page's "Copy results (JSON)" (src/compare/results.ts). */
export type ExploreOutput = ResultsDocument;

/** One line for the first problem; the count of the others. */
function problemLine(problems: readonly Problem[]): string {
  const first = problems[0]?.message ?? 'this link could not be read.';
  return problems.length > 1 ? `${first} (+${problems.length - 1} more)` : first;
}

/** Where progress lines go, and how long a run must have taken before they start. */
export interface ProgressSink {
  write: (line: string) => void;
  afterMs: number;
}

/** A run's progress as one stderr line per step, once it has run `afterMs` (the CLI's 1 s). */
function progressLines(modelId: string, sink: ProgressSink) {
  const started = performance.now();
  return (done: number, total: number) => {
    if (performance.now() - started >= sink.afterMs)
      sink.write(`explore: ${modelId}: ${done} of ${total} rows computed\n`);
  };
}

/**
 * The link's problems that are errors, and the older-version notice that is not: a link made
 * by an older version of the model is migrated and shown, with that notice (as the page does).
 */
export function linkProblems(link: string) {
  const { scenario, problems, linkVersion } = parsePermalink(link);
  const isNotice = (p: Problem) => linkVersion !== undefined && p.param === VERSION_KEY;
  return {
    scenario,
    errors: problems.filter((p) => !isNotice(p)),
    notice: problems.find(isNotice)?.message ?? null,
  };
}

/** The link read (any problem but an older version's notice is an error) and its model loaded. */
export async function readLink(link: string) {
  const { scenario, errors } = linkProblems(link);
  if (errors.length > 0) throw new UsageError(problemLine(errors));
  if (!scenario) {
    const known = MODEL_INFOS.map((m) => m.id).join(', ');
    throw new UsageError(
      `'${showText(link)}' is not a model link — expected /#/<model>?<param>=<value>&…; known models: ${known}.`,
    );
  }
  const model = await loadModel(scenario.modelId);
  if (!model) throw new UsageError(`unknown model '${showText(scenario.modelId)}'.`);
  return { scenario, model };
}

/** Reads the link (any problem is an error) and evaluates it. */
export async function explore(link: string, progress?: ProgressSink): Promise<ExploreOutput> {
  const { scenario, model } = await readLink(link);
  return resultsDocument(
    serializeScenario(scenario),
    scenario.params,
    evaluateTables(
      model,
      scenario.params,
      progress ? { onProgress: progressLines(model.id, progress) } : {},
    ),
  );
}

// The CSV writer and the rounding it shares with md live in src/compare/csv.ts: the page's
// "Download CSV" uses the same function. Re-exported for the CLI's callers and tests.
export { CSV_HEADER, csvField, csvText, readable, toCsv };
export { toMarkdown } from '../lib/markdown';
