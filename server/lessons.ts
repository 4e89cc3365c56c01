import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAPERS } from '../src/papers/papers.ts';
import { readLessonShape, type Lesson } from '../src/scenario/lessonShape.ts';

/** Every lesson file of `dir` (src/lessons/) that reads without a problem, by id. */
export function loadLessons(dir: string): Map<string, Lesson> {
  const papers = PAPERS.map((p) => p.file);
  const lessons = new Map<string, Lesson>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const id = file.replace(/\.json$/, '');
    const read = readLessonShape(JSON.parse(readFileSync(join(dir, file), 'utf8')), {
      expectedId: id,
      papers,
    });
    if (read.lesson && read.problems.length === 0) lessons.set(id, read.lesson);
  }
  return lessons;
}
