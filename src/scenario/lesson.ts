import { MODEL_INFOS } from '../models/registry';
import type { ModelInfo } from '../models/types';
import { parsePermalink } from './permalink';
import { readLessonShape, stepProblems, type LessonReading, type ParsedStep } from './lessonShape';

export type { Lesson, LessonReading, LessonStep, ParsedStep } from './lessonShape';
export { readLessonShape, stepProblems } from './lessonShape';

/** A step's scenario link through the permalink codec. */
export function parseStepScenario(
  link: string,
  models: readonly ModelInfo[] = MODEL_INFOS,
): ParsedStep {
  const { scenario, problems } = parsePermalink(link, models);
  const model = scenario ? models.find((m) => m.id === scenario.modelId) : undefined;
  return {
    model,
    scenario,
    problems: problems.map((p) => (p.param ? `${p.param}: ${p.message}` : p.message)),
  };
}

/**
 * Reads a lesson file's contents. `expectedId` is its file name: the id must match it, so a
 * link `#/lesson/<id>` always opens the file of that name. `papers` are the known seed files.
 */
export function readLesson(
  raw: unknown,
  { expectedId, papers }: { expectedId: string; papers: readonly string[] },
  models: readonly ModelInfo[] = MODEL_INFOS,
): LessonReading {
  const shape = readLessonShape(raw, { expectedId, papers });
  const lesson = shape.lesson;
  if (!lesson) return shape;
  const steps = stepProblems(lesson, (link) => parseStepScenario(link, models));
  return { lesson, problems: [...shape.problems, ...steps] };
}
