/**
 * Papers are cited by title, author and section, never by the seed file's name (issue #32):
 * "000_525c0b5ef756a1ce.txt §1.3" means nothing to a student. Every table's source and notes
 * of every preset (what the page, the CLI's json, csv and md print), every chart's caption, the
 * declarations a page shows (titles, summaries, labels, docs), the glossary, the papers' "about"
 * texts and the lessons are read for a seed file's name.
 */
import { describe, expect, it } from 'vitest';
import { evaluateCharts, evaluateTables } from '../../src/compare/compare';
import { resultsDocument } from '../../src/compare/results';
import { MODEL_INFOS, loadModel } from '../../src/models/registry';
import { PAPER_ABOUT } from '../../src/papers/about';
import { citeSource, paperCitation } from '../../src/papers/cite';
import { GLOSSARY_TERMS } from '../../src/papers/glossary';
import { PAPERS } from '../../src/papers/papers';
import { LESSON_FILES } from '../../src/lessons/files';
import { presetParams } from '../../src/scenario/presets';
import { toMarkdown } from '../../scripts/lib/markdown';

/** A seed file's name, or its bare number used as a name ("(002)", "seed 000", "000 §1.5"). */
const SEED = /\d{3}_[0-9a-f]{16}\.txt|\bseed 00\d\b|\(00\d\)|\b00\d §/;

/** Every string in `value`, with where it is, leaving out the keys that are identifiers. */
function strings(value: unknown, at: string, skip: ReadonlySet<string>): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}[${i}]`, skip));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) =>
      skip.has(k) ? [] : strings(v, `${at}.${k}`, skip),
    );
  return [];
}

const expectNoSeed = (found: [string, string][]) =>
  expect(found.filter(([, s]) => SEED.test(s)).map(([at, s]) => `${at}: ${s}`)).toEqual([]);

describe('citations', () => {
  it('cite a seed file as its paper’s author and title, the section kept', () => {
    expect(citeSource('000_525c0b5ef756a1ce.txt §1.3')).toBe(
      'S. Sieler, “MPE/iX and Performance: Not Incompatible”, §1.3',
    );
    expect(citeSource('model (002_d3a82526d29d5693.txt Comparison Results setup)')).toBe(
      'model (G. Sidwall and K. Kroeker, “An Approach to Mixed Mode on Itanium under HP-UX”, Comparison Results setup)',
    );
    expect(citeSource('004_5e3b76fe7de6a2e6.txt, “Binary search modification”')).toBe(
      'A. M. Jause, “Sorted VM directories and performance”, “Binary search modification”',
    );
    for (const p of PAPERS) expect(paperCitation(p.file)).toBe(`${p.authors}, “${p.title}”`);
  });

  it('never show a seed file in any preset’s tables, as the page and the CLI print them', async () => {
    for (const info of MODEL_INFOS) {
      const model = (await loadModel(info.id))!;
      for (const preset of info.presets) {
        const params = presetParams(info, preset.id);
        const computed = evaluateTables(model, params, { intervals: false });
        const doc = resultsDocument(`/#/${info.id}`, params, computed);
        expectNoSeed(strings(doc.tables, `${info.id}/${preset.id}`, new Set()));
        expect(toMarkdown(doc), `${info.id}/${preset.id}`).not.toMatch(SEED);
        for (const t of computed.tables) expect(t.source.length, t.id).toBeGreaterThan(0);
      }
    }
  });

  it('never show one in a chart, a declaration, the glossary, the papers’ texts or a lesson', async () => {
    for (const info of MODEL_INFOS) {
      const model = (await loadModel(info.id))!;
      const params = presetParams(info, info.presets[0]?.id);
      const charts = evaluateCharts(model, params);
      expectNoSeed(strings(charts, `${info.id} charts`, new Set(['id'])));
      // `paper` is the key that finds the paper's title (PAPERS); it is never printed.
      expectNoSeed(strings(info, info.id, new Set(['paper', 'id', 'migrations'])));
    }
    expectNoSeed(strings(GLOSSARY_TERMS, 'glossary', new Set(['papers', 'id'])));
    expectNoSeed(strings(PAPER_ABOUT, 'about', new Set()));
    expectNoSeed(strings(PAPERS, 'papers', new Set(['file'])));
    expectNoSeed(strings(LESSON_FILES, 'lessons', new Set(['paper'])));
  });
});
