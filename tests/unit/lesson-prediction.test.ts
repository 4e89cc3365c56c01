/**
 * The lesson's prediction box (issue #32): what a student types is read as a number, and the
 * reveal reads "you said X, the model says Y (interval; what dominates its width), the paper Z"
 * in the asked unit, from the step's own cell.
 */
import { describe, expect, it } from 'vitest';
import { evaluateTables } from '../../src/compare/compare';
import { loadModel } from '../../src/models/registry';
import { parsePermalink } from '../../src/scenario';
import {
  readTyped,
  revealSentence,
  revealedCell,
  widestPart,
} from '../../src/views/lesson/PredictionBox';
import { LESSON_FILES } from '../../src/lessons/files';
import type { Lesson } from '../../src/scenario/lessonShape';
import { loadCatalogue } from '../../src/i18n/catalog';
import { translator } from '../../src/i18n/LangContext';
import { setNumberLocale } from '../../src/format';

const mpe = LESSON_FILES['mpe-ix'] as Lesson;

describe('the prediction box', () => {
  it('reads what a student types: separators, a minus sign, nothing, or not a number', () => {
    expect(readTyped('1,500')).toBe(1500);
    expect(readTyped(' 45.5 ')).toBe(45.5);
    expect(readTyped('\u22123')).toBe(-3);
    expect(readTyped('1e4')).toBe(10000);
    expect(readTyped('')).toBeNull();
    expect(readTyped('about 40')).toBeNull();
  });

  it('reads a Spanish decimal comma, and a point still as a decimal point', () => {
    expect(readTyped('0,5', 'es')).toBe(0.5);
    expect(readTyped('1.500,25', 'es')).toBe(1500.25);
    expect(readTyped('1.500', 'es')).toBe(1500);
    expect(readTyped('0.5', 'es')).toBe(0.5);
    expect(readTyped('\u22122,5', 'es')).toBe(-2.5);
    expect(readTyped('unos 40', 'es')).toBeNull();
    // English keeps the comma as a thousands separator.
    expect(readTyped('0,5')).toBe(5);
  });

  it('names the part that dominates an interval’s width', () => {
    const parts = {
      scale: 'log' as const,
      parameter: 0.08,
      parameterLow: 0.08,
      parameterHigh: 0.07,
      scatter: 0.06,
      between: 0.1,
      modelForm: 0.72,
    };
    expect(widestPart(parts)).toMatch(
      /^9\d % of its variance comes from the spread between the readings of the paper’s words/,
    );
    expect(widestPart(undefined)).toBeNull();
  });

  it('sets the student’s number beside the model’s cell and the paper’s, in the asked unit', async () => {
    const step = mpe.steps[0]!;
    const { scenario } = parsePermalink(step.scenario);
    const tables = evaluateTables((await loadModel(scenario!.modelId))!, scenario!.params);
    const ask = step.asks[0]!;
    const cell = revealedCell(tables, ask)!;
    const row = tables.tables
      .find((t) => t.id === ask.table)!
      .rows.find((r) => r.label === ask.row)!;
    // Milliseconds in the table, seconds asked: the cell is rescaled, never re-labelled.
    expect(cell.model).toBeCloseTo(row.model[ask.column]! / 1000, 9);
    expect(cell.paper).toBeCloseTo(row.paper![ask.column]! / 1000, 9);
    const sentence = revealSentence(ask, '150', cell);
    expect(sentence).toMatch(
      /^You said 150 s · the model says [\d,.]+ s \(95 % interval [\d,.]+–[\d,.]+ s; \d+ % of its variance comes from .+\) · the paper [\d,.]+ s\.$/,
    );
    expect(revealSentence(ask, '', cell)).toMatch(/^You made no prediction · /);
    // In Spanish: the same sentence, its numbers with a decimal comma.
    await loadCatalogue('es');
    setNumberLocale('es-ES', { unbounded: 'sin límite' });
    try {
      const es = translator('es');
      const spanish = revealSentence(ask, '150,5', revealedCell(tables, ask, es)!, es);
      expect(spanish).toMatch(
        /^Dijiste 150,5 s · el modelo dice [\d.,]+ s \(intervalo del 95 % [\d.,]+–[\d.,]+ s; el \d+ % de su varianza viene de .+\) · el artículo [\d.,]+ s\.$/,
      );
    } finally {
      setNumberLocale('en-US', { unbounded: 'unbounded' });
    }
    // A predicted cell: the paper has nothing there.
    expect(revealSentence(ask, '1', { ...cell, paper: null })).toMatch(
      / · the paper: no measurement here \(the model predicts it\)\.$/,
    );
  });
});
