/** Every paper is named by title, authors and year, with two sentences about it (issue #21). */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAPER_ABOUT } from '../../src/papers/about';
import { PAPERS } from '../../src/papers/papers';

const SEEDS = new URL('../../../shared/seeds/', import.meta.url);
const seed = (file: string) => readFileSync(new URL(file, SEEDS), 'utf8');
/**
 * The papers' texts sit beside a checkout (../shared/seeds), not inside it: a clone alone
 * skips the checks that read them, by name (vitest lists it as skipped), never passes them.
 */
const textsHere = existsSync(new URL('README.md', SEEDS));

describe('the papers, for a student who opens a link', () => {
  it('each has a year, how it is known, and exactly two sentences about it', () => {
    expect(Object.keys(PAPER_ABOUT).sort()).toEqual(PAPERS.map((p) => p.file).sort());
    for (const p of PAPERS) {
      const { about, dating } = PAPER_ABOUT[p.file]!;
      expect(p.year, p.file).toMatch(/\b(19|20)\d\d\b/);
      expect(dating, p.file).toMatch(/\.$/);
      // A sentence ends at a stop that is not an initial's ("A. M. Jause").
      const sentences = about.split(/(?<!\b[A-Z])[.!?]\s+(?=[A-Z])/);
      expect(sentences.length, `${p.file}: ${about}`).toBe(2);
    }
  });

  it.skipIf(!textsHere)(
    'a printed date is in the paper’s own text; an estimate says so (reads ../shared/seeds)',
    () => {
      for (const p of PAPERS) {
        const { dating } = PAPER_ABOUT[p.file]!;
        if (/^Dated /.test(dating)) expect(seed(p.file), p.file).toContain(p.year);
        else expect(dating, p.file).toMatch(/^Undated; /);
      }
    },
  );
});
