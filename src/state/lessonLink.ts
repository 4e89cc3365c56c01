import type { View } from '../scenario';

/**
 * Lesson links: `#/lessons` (the list) and `#/lesson/<id>?step=N&reveal=1&view=projector`
 * (one step). Apart from useRoute.ts so the lesson page's chunk can build them without
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
): { lessonId: string; step: number; reveal: boolean } | null {
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
  return { lessonId, step, reveal: query.get('reveal') === '1' };
}

/** A lesson step's hash; a view (projector mode) follows. */
export function lessonHash(
  lessonId: string,
  step: number,
  { reveal = false, view }: { reveal?: boolean; view?: View | undefined } = {},
): string {
  const parts = [`step=${step}`];
  if (reveal) parts.push('reveal=1');
  if (view) parts.push(`view=${view}`);
  return `#/lesson/${encodeURIComponent(lessonId)}?${parts.join('&')}`;
}
