/**
 * The English detector of the Spanish tests (spanish-pages, spanish-states): common English
 * words that are no Spanish words, searched for in a page's lines once its names are taken out
 * — the papers' titles and authors, the glossary's English terms (the Spanish ones name them
 * in brackets), code and the repository's files, and a quotation of a paper inside its
 * quotation marks “…”.
 */
import type { Page } from 'playwright-core';
import { GLOSSARY_TERMS } from '../../src/papers/glossary';
import { PAPERS } from '../../src/papers/papers';

/** English words that are no Spanish words, whole words, any case. */
const WORDS = (
  'the of and with per is are to from in on by this that which when ' +
  'each every not run runs time page pages table tables your for its at an be ' +
  'was were than into only after before between show here what how why more less model ' +
  'models paper papers loading none it you can will all off out over under about there their they one two three'
).split(' ');
export const ENGLISH = new RegExp(
  `(?<![\\p{L}\\p{N}_])(${WORDS.join('|')})(?![\\p{L}\\p{N}_])`,
  'iu',
);

/** Names: the papers' titles and authors, the glossary's English terms. */
const NAMES = [
  ...PAPERS.flatMap((p) => [p.title, p.authors]),
  ...GLOSSARY_TERMS.flatMap((t) => [t.term, ...t.match]),
  // The paper's column heads for hyperthreads off and on.
  'ON',
  'OFF',
  // A data set's name (src/papers/openvms-integrity.ts's table id), named on the predictions.
  'vms-sample-runs',
].sort((a, b) => b.length - a.length);

/**
 * The papers' own words: a quotation of a paper is shown in “…” and may stay in its language —
 * only what is inside the quotation marks; the words around it are checked.
 */
const QUOTATION = /“[^“”]*”/g;

/** A file of the repository a note names (`src/models/file-access/constants.ts`): a name. */
const FILE_PATH = /[\w.-]+(?:\/[\w.-]+)+\.[a-z]+/g;

/**
 * A line without its names, its quotations of the papers, its code (`codes`: the page's
 * <code>, commands and files such as `npm run class`) and files, nor the page's own address
 * (the link to no page names it).
 */
export const withoutNames = (line: string, codes: readonly string[] = []) =>
  [...codes, ...NAMES]
    .reduce((text, name) => text.split(name).join(' '), line)
    .replace(QUOTATION, ' ')
    .replace(FILE_PATH, ' ')
    .replace(/#\/\S*/g, ' ');

/**
 * The lines of `text` with English in them, once each, shortened, their numbers as `#` (a live
 * panel's timings differ from run to run), sorted.
 */
export function englishOf(text: string, codes: readonly string[] = []): string[] {
  const sorted = [...codes].sort((a, b) => b.length - a.length);
  const lines = text
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => ENGLISH.test(withoutNames(l, sorted)))
    .map((l) => l.replace(/\d+(?:[.,]\d+)*/g, '#'))
    .map((l) => (l.length > 100 && !process.env.PRINT_FULL ? `${l.slice(0, 100)}…` : l));
  return [...new Set(lines)].sort();
}

/** The lines of a page's header, navigation and main text and aria-labels with English in them. */
export async function englishLines(page: Page): Promise<string[]> {
  const { text, codes } = await page.evaluate(() => {
    const parts: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('header, nav, main'))
      parts.push(el.innerText);
    for (const el of document.querySelectorAll('[aria-label]'))
      parts.push(el.getAttribute('aria-label') ?? '');
    const codes = [...document.querySelectorAll('code')].map((c) => c.textContent ?? '');
    return { text: parts.join('\n'), codes: codes.filter((c) => c.trim() !== '') };
  });
  return englishOf(text, codes);
}

/**
 * Everything of a page a student may see or hear, with English in it: the whole body's text
 * (dialogs, toasts and popovers outside `main` too), every live region's text (hidden ones,
 * such as a chart walk's announcements), the `aria-label`, `title`, `alt`, `placeholder` and
 * `aria-valuetext` attributes, and the document's title.
 */
export async function englishEverywhere(page: Page): Promise<string[]> {
  const { text, codes } = await page.evaluate(() => {
    const parts: string[] = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll('[aria-live], [role=status], [role=alert]'))
      parts.push(el.textContent ?? '');
    for (const attr of ['aria-label', 'title', 'alt', 'placeholder', 'aria-valuetext'])
      for (const el of document.querySelectorAll(`[${attr}]`))
        parts.push(el.getAttribute(attr) ?? '');
    // An SVG's <title> is its tooltip.
    for (const el of document.querySelectorAll('svg title')) parts.push(el.textContent ?? '');
    const codes = [...document.querySelectorAll('code')].map((c) => c.textContent ?? '');
    return { text: parts.join('\n'), codes: codes.filter((c) => c.trim() !== '') };
  });
  return englishOf(text, codes);
}
