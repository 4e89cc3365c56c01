import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAPERS } from '../src/papers/papers.ts';
import { readLessonShape, type Lesson } from '../src/scenario/lessonShape.ts';

/**
 * Every lesson file of `dir` (src/lessons/) that reads without a problem, by id, and one line
 * for each file left out (the server says so at start, rather than a class failing later).
 */
export function loadLessons(dir: string): { lessons: Map<string, Lesson>; problems: string[] } {
  const papers = PAPERS.map((p) => p.file);
  const lessons = new Map<string, Lesson>();
  const problems: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const id = file.replace(/\.json$/, '');
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (e) {
      problems.push(`${file}: not JSON (${e instanceof Error ? e.message : String(e)})`);
      continue;
    }
    const read = readLessonShape(raw, { expectedId: id, papers });
    if (read.lesson && read.problems.length === 0) lessons.set(id, read.lesson);
    else problems.push(`${file}: ${read.problems[0] ?? 'not a lesson'}`);
  }
  return { lessons, problems };
}
