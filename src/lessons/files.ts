/**
 * Each lesson file's contents by id (its file name), unchecked (src/scenario/lessonShape.ts
 * reads them): every JSON file in this folder, so adding a lesson is adding its file. Only the
 * lesson page imports this, so the files travel in its chunk, not the first page's.
 */
const FILES = import.meta.glob<unknown>('./*.json', { eager: true, import: 'default' });

export const LESSON_FILES: Readonly<Record<string, unknown>> = Object.fromEntries(
  Object.entries(FILES).map(([path, raw]) => [path.replace(/^\.\/|\.json$/g, ''), raw]),
);
