import type { ReactNode } from 'react';
import { LESSON_FILES } from '../../lessons/files';
import { PAPERS, findLessonEntry } from '../../papers/papers';
import type { ModelInfo, ParamValues } from '../../models/types';
import type { ScenarioTables } from '../../compare/types';
import type { Outcome } from '../../state/workerClient';
import type { Scenario, View } from '../../scenario';
import {
  stepProblemsSaid,
  type LessonReading,
  type ParsedStep,
  readLessonShape,
} from '../../scenario/lessonShape';
import { keyOf } from '../../state/lessonLink';
import type { ScenarioNav } from '../../state/scenarioActions';

/**
 * What the lesson page takes from the app rather than importing it: the permalink codec and
 * the model page. Imported here, they would be split out of the first page's bundle into
 * shared chunks (the bundler's choice), and the first load would grow.
 */
export interface LessonHost {
  /** A scenario link through the permalink codec (src/state/useRoute.ts, readScenarioLink). */
  parse: (link: string) => ParsedStep;
  renderModel: (
    model: ModelInfo,
    scenario: Scenario,
    view: View | undefined,
    nav: ScenarioNav,
  ) => ReactNode;
  /** A scenario's canonical link (serializeScenario), whose query pairs a step's changes are. */
  serialize: (scenario: Scenario) => string;
  /**
   * A channel for the scenario's tables beside the paper's (labTablesChannel on the `lesson`
   * worker), owned by the step that asks and disposed of with it.
   */
  tablesChannel: () => {
    tables: (modelId: string, params: ParamValues) => Promise<Outcome<ScenarioTables>>;
    dispose: () => void;
  };
}

/**
 * The query pairs of `scenario`'s link whose values differ from `base`'s: the parameters
 * changed in a step, written as the codec writes them.
 */
export function changesOf(host: LessonHost, base: Scenario, scenario: Scenario): string {
  const link = host.serialize(scenario);
  const query = link.slice(link.indexOf('?') + 1);
  return query
    .split('&')
    .filter((pair) => {
      const key = keyOf(pair);
      return key in scenario.params && scenario.params[key] !== base.params[key];
    })
    .join('&');
}

export type Loaded = { kind: 'missing' } | { kind: 'read'; reading: LessonReading };

const PAPER_FILES = PAPERS.map((p) => p.file);

/**
 * Reads one lesson file (English, or `files`: the lessons in the page's language, from
 * src/lessons/files.ts) with the lessons' own reader (src/scenario/lessonShape.ts), its step
 * links through the app's codec; a broken file gives its problems, never a crash.
 */
export function loadLesson(
  id: string,
  host: LessonHost,
  files: Readonly<Record<string, unknown>> = LESSON_FILES,
): Loaded {
  const raw = findLessonEntry(id) ? files[id] : undefined;
  if (raw === undefined) return { kind: 'missing' };
  const shape = readLessonShape(raw, { expectedId: id, papers: PAPER_FILES });
  if (!shape.lesson) return { kind: 'read', reading: shape };
  const steps = stepProblemsSaid(shape.lesson, host.parse);
  const said = [...(shape.said ?? []), ...steps];
  return {
    kind: 'read',
    reading: { lesson: shape.lesson, problems: said.map((s) => s.message), said },
  };
}

/** Arrow keys and R belong to the field, not the lesson, while one has focus. */
export function isFormField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement ||
    // A focused wide table scrolls with the arrow keys.
    target.closest('.table-scroll') !== null
  );
}
