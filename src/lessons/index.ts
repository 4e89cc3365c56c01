/**
 * The lessons: one JSON file per paper in this folder (how to write one: docs/lessons.md).
 * This list is what the home page and the site's navigation need — each lesson's
 * id and paper — without the files, which load with the lesson page (./files.ts).
 * tests/unit/lessons.test.ts checks that every file is listed, that the list agrees with each
 * file, and that every step's scenario link parses without problems.
 */
export interface LessonEntry {
  /** The file's name without `.json`; the link is `#/lesson/<id>`. */
  id: string;
  /** The paper's seed file (src/papers/papers.ts). */
  paper: string;
}

/** In the papers' order. */
export const LESSON_ENTRIES: readonly LessonEntry[] = [
  { id: 'mpe-ix', paper: '000_525c0b5ef756a1ce.txt' },
  { id: 'hpux-ufc', paper: '001_6d91baf82a5c84e9.txt' },
  { id: 'itanium-mixed-mode', paper: '002_d3a82526d29d5693.txt' },
  { id: 'openvms-integrity', paper: '003_5515af7182eae1b5.txt' },
  { id: 'vmsp-directory', paper: '004_5e3b76fe7de6a2e6.txt' },
];

export const findLessonEntry = (id: string): LessonEntry | undefined =>
  LESSON_ENTRIES.find((l) => l.id === id);
