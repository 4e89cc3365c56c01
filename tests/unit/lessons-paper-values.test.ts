/**
 * Issue 33: the papers whole in the lessons. Every lesson step whose answer is a cell of a paper
 * table reveals the paper's printed value beside the model's (the value Reveal shows, taken from
 * the compared table exactly as src/views/class/reveal.ts takes it), unless the step runs
 * another experiment than the paper's; and no lesson says a printed value was never printed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateTables } from '../../src/compare/compare';
import { loadModel } from '../../src/models/registry';
import { findPaperTable } from '../../src/papers';
import { LESSON_ENTRIES, PAPERS } from '../../src/papers/papers';
import { parsePermalink } from '../../src/scenario';
import { readLesson, type Lesson } from '../../src/scenario/lesson';

const DIR = join(__dirname, '../../src/lessons');
const lessonOf = (id: string) =>
  readLesson(JSON.parse(readFileSync(join(DIR, `${id}.json`), 'utf8')), {
    expectedId: id,
    papers: PAPERS.map((p) => p.file),
  }).lesson as Lesson;

describe('lessons show the papers whole', () => {
  for (const entry of LESSON_ENTRIES) {
    const lesson = lessonOf(entry.id);
    for (const [i, step] of lesson.steps.entries()) {
      const a = step.answer;
      if (a?.kind !== 'number') continue;
      const paperRow = findPaperTable(a.table)?.rows.find((r) => r.label === a.row);
      if (!paperRow) continue; // the model's own table: nothing printed to show
      it(`${entry.id} step ${i + 1}: Reveal shows the paper’s ${a.label}`, async () => {
        const { scenario } = parsePermalink(step.scenario);
        const model = await loadModel(scenario!.modelId);
        const t = evaluateTables(model!, scenario!.params).tables.find((x) => x.id === a.table)!;
        const row = t.rows.find((r) => r.label === a.row)!;
        // Another experiment keeps the paper's run beside it, marked as such; the paper's own
        // scenario must show the printed value.
        const printed = paperRow.values[a.column];
        expect(printed, 'the paper prints this cell').toBeTypeOf('number');
        expect(row.paper?.[a.column]).toBe(printed);
      });
    }
  }

  it('no lesson text says the paper never printed a value it printed', () => {
    for (const entry of LESSON_ENTRIES)
      for (const step of lessonOf(entry.id).steps)
        expect(step.text + step.question).not.toMatch(/never printed|withheld|paper —/i);
  });
});
