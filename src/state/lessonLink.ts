import type { View } from '../scenario';
import { withLang } from '../i18n/pageLang';

/**
 * Lesson links: `#/lessons` (the list) and `#/lesson/<id>?step=N&reveal=1&view=projector`
 * (one step), with any parameter changed in the step after them as in a scenario link
 * (`#/lesson/mpe-ix?step=2&records=5000`). Apart from useRoute.ts so the lesson page's chunk can build them without
 * importing the router.
 */
/** The list of lessons, and one lesson's step: `#/lesson/<id>?step=N&reveal=1`. */
export const LESSONS_HASH = '#/lessons';
export const isLessons = (hash: string) =>
  hash === LESSONS_HASH || hash.startsWith(`${LESSONS_HASH}?`);
const LESSON_PATH = /^#\/lesson\/([^?&#/]*)(?:\?(.*))?$/;

/**
 * A lesson's route from its hash, or null when the hash is not a lesson's. `step` is 1-based
 * as in the link; a missing, non-numeric or fractional step reads as 1 (the page clamps it to
 * the lesson's steps once the lesson is loaded). `reveal=1` shows the answer.
 */
export function lessonOfHash(
  hash: string,
): { lessonId: string; step: number; reveal: boolean; changes?: string } | null {
  const m = LESSON_PATH.exec(hash);
  if (!m) return null;
  let lessonId: string;
  try {
    lessonId = decodeURIComponent(m[1] ?? '');
  } catch {
    lessonId = m[1] ?? '';
  }
  const query = new URLSearchParams(m[2] ?? '');
  const n = Number(query.get('step'));
  const step = Number.isInteger(n) && n >= 1 ? n : 1;
  // Parameters changed in the step, as written (still percent-encoded): read by the codec.
  const changes = (m[2] ?? '')
    .split('&')
    .filter((pair) => pair !== '' && !LESSON_KEYS.has(keyOf(pair)))
    .join('&');
  return { lessonId, step, reveal: query.get('reveal') === '1', ...(changes ? { changes } : {}) };
}

/** The lesson's own query keys; every other key is a parameter changed in the step. */
const LESSON_KEYS = new Set(['step', 'reveal', 'view', 'lang']);

/** A query pair's key, decoded (the raw text when it cannot be). */
export function keyOf(pair: string): string {
  const raw = pair.split('=')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * A step's scenario link with the parameters changed in the step (`changes`, query pairs)
 * written over its own: the link the codec reads for the step as it is now.
 */
export function withChanges(link: string, changes: string): string {
  if (!changes) return link;
  const q = link.indexOf('?');
  const route = q >= 0 ? link.slice(0, q) : link;
  const changed = changes.split('&').filter((pair) => pair !== '');
  const keys = new Set(changed.map(keyOf));
  const own = q >= 0 ? link.slice(q + 1).split('&') : [];
  const kept = own.filter((pair) => pair !== '' && !keys.has(keyOf(pair)));
  return `${route}?${[...kept, ...changed].join('&')}`;
}

/** A lesson step's hash; a view (projector mode) follows. */
export function lessonHash(
  lessonId: string,
  step: number,
  {
    reveal = false,
    view,
    changes = '',
  }: {
    reveal?: boolean;
    view?: View | undefined;
    /** Parameters changed in the step, as query pairs (`records=5000&…`). */
    changes?: string;
  } = {},
): string {
  const parts = [`step=${step}`];
  if (reveal) parts.push('reveal=1');
  if (changes) parts.push(changes);
  if (view) parts.push(`view=${view}`);
  return withLang(`#/lesson/${encodeURIComponent(lessonId)}?${parts.join('&')}`);
}
