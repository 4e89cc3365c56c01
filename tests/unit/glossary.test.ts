/**
 * The glossary of the papers' words: every term has a definition and names a paper, the terms
 * the explorer's texts use are there, and `findTerms` finds them in plain text — whole words,
 * the first occurrence of each, the longest spelling at a position.
 */
import { describe, expect, it } from 'vitest';
import { findTerms, GLOSSARY_BY_ID, GLOSSARY_TERMS } from '../../src/papers/glossary';
import { PAPERS } from '../../src/papers/papers';
import { LESSON_FILES } from '../../src/lessons/files';

const terms = (text: string) =>
  findTerms(text)
    .filter((p) => p.termId !== undefined)
    .map((p) => [p.text, p.termId]);

describe('the glossary', () => {
  it('every term has an id for its link, a definition of a sentence or two, and its paper', () => {
    const files = PAPERS.map((p) => p.file);
    expect(GLOSSARY_TERMS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(GLOSSARY_TERMS.map((t) => t.id)).size).toBe(GLOSSARY_TERMS.length);
    for (const t of GLOSSARY_TERMS) {
      expect(t.id, t.term).toMatch(/^[a-z0-9-]{1,64}$/);
      expect(t.term.trim(), t.id).not.toBe('');
      expect(t.match.length, t.id).toBeGreaterThan(0);
      expect(t.definition.length, t.id).toBeGreaterThan(40);
      expect(t.definition.length, t.id).toBeLessThan(320);
      expect(t.definition, t.id).toMatch(/[.”]$/);
      expect(t.definition.split(/[.!?]”? (?=[A-Z“])/).length, t.id).toBeLessThanOrEqual(3);
      expect(t.papers.length, t.id).toBeGreaterThan(0);
      for (const f of t.papers) expect(files, t.id).toContain(f);
    }
  });

  it('is alphabetical, and holds the words the explorer’s pages use', () => {
    const names = GLOSSARY_TERMS.map((t) => t.term.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const wanted = [
      'FREADSEEK',
      'DOCT',
      'OCT',
      'CM',
      'NM',
      'Compatibility Mode',
      'Native Mode',
      'mapped file',
      'prefetch',
      'stealback',
      'cothread',
      'hyperthread',
      'DMKUDR',
      'UFC',
      'Unified File Cache',
      'buffer cache',
      'RPC',
      'shared memory',
      'mode switch',
      'logical page',
      'physical page',
      'frame',
      'read-ahead',
    ];
    for (const w of wanted) expect(terms(w), w).toEqual([[w, expect.any(String)]]);
  });

  it('every spelling of a term finds that term (no other term shadows it)', () => {
    for (const t of GLOSSARY_TERMS)
      for (const m of t.match) expect(terms(`(${m})`), `${t.id}: ${m}`).toEqual([[m, t.id]]);
  });

  it('wraps the first occurrence of each term only, whole words, capitals and plurals', () => {
    expect(terms('CATALOG.PUB.SYS read from NM, OCT and CM programs; NM again')).toEqual([
      ['NM', 'nm'],
      ['OCT', 'oct'],
      ['CM', 'cm'],
    ]);
    expect(terms('Memory Mapped touches the file: each absent page faults. Page faults…')).toEqual([
      ['Memory Mapped', 'mapped-file'],
      ['page faults', 'page-fault'],
    ]);
    expect(terms('Hyperthreads: 2 on Montecito')).toEqual([
      ['Hyperthreads', 'hyperthread'],
      ['Montecito', 'montecito'],
    ]);
    // Not inside longer words: FREAD in FREADSEEK, frame in iframe, CM in CMOS, OCT in October.
    expect(terms('FREADSEEK')).toEqual([['FREADSEEK', 'freadseek']]);
    expect(terms('an iframe, CMOS, October, SMP, tRPC')).toEqual([]);
    // Acronyms only as written: "nm" (nanometres) is no Native Mode.
    expect(terms('a 65 nm chip, oct 3')).toEqual([]);
  });

  it('keeps the text: the parts join back to it, and text with no term is one plain part', () => {
    const samples = [
      'FREAD asks the file system, which reads 16 pages per request.',
      'Nothing to see here.',
      '',
      'DMKUDR at the end',
      'read()/write() and mmap() on the buffer cache',
    ];
    for (const s of samples)
      expect(
        findTerms(s)
          .map((p) => p.text)
          .join(''),
        s,
      ).toBe(s);
    expect(findTerms('Nothing to see here.')).toEqual([{ text: 'Nothing to see here.' }]);
    expect(findTerms('')).toEqual([{ text: '' }]);
  });

  it('every lesson names glossary terms in its steps', () => {
    expect(Object.keys(LESSON_FILES).length).toBeGreaterThan(0);
    for (const [name, raw] of Object.entries(LESSON_FILES)) {
      const lesson = raw as { steps: { text: string }[] };
      const found = lesson.steps.flatMap((s) => terms(s.text));
      expect(found.length, name).toBeGreaterThan(0);
      for (const [, id] of found) expect(GLOSSARY_BY_ID.has(id!), name).toBe(true);
    }
  });
});
