/**
 * The five papers Latency Lab is built on (../shared/seeds/README.md), in seed order: title,
 * authors and what each measures. Their measured tables are in the file named after each paper
 * (./mpe-ix.ts, …). A paper's models are those in MODELS whose `paper` is its seed file.
 * The home page imports this file alone, so the initial bundle carries no measured table.
 */
export interface PaperInfo {
  file: string;
  title: string;
  authors: string;
  measures: string;
  /**
   * When, as far as the text says: a date it prints, else an estimate from what it names
   * (a release, a machine), marked "c." or "after".
   */
  year: string;
  /** How `year` is known, and two sentences about the paper: ./about.ts (loaded when asked). */
  /** Its lesson: src/lessons/<lesson>.json, opened as `#/lesson/<lesson>`. */
  lesson: string;
}

export const PAPERS: readonly PaperInfo[] = [
  {
    file: '000_525c0b5ef756a1ce.txt',
    lesson: 'mpe-ix',
    title: 'MPE/iX and Performance: Not Incompatible',
    authors: 'S. Sieler',
    year: 'after 1992',
    measures:
      'Mapped files against file-system reads, page faults, prefetch with FREADSEEK, mode switches.',
  },
  {
    file: '001_6d91baf82a5c84e9.txt',
    lesson: 'hpux-ufc',
    title: 'HP-UX 11i v3 Unified File Cache',
    authors: 'S. Mohideen',
    year: 'c. 2007',
    measures: 'One page cache for read() and mmap(), mixed access, stealback, benchmark deltas.',
  },
  {
    file: '002_d3a82526d29d5693.txt',
    lesson: 'itanium-mixed-mode',
    title: 'An Approach to Mixed Mode on Itanium under HP-UX',
    authors: 'G. Sidwall and K. Kroeker',
    year: 'c. 2002',
    measures: 'Emulating PA-RISC code, shared memory against RPC between processes, call overhead.',
  },
  {
    file: '003_5515af7182eae1b5.txt',
    lesson: 'openvms-integrity',
    title: 'HP OpenVMS: Integrity Server Performance Update',
    authors: 'B. Ellis',
    year: 'October 2006',
    measures: 'Montecito hyperthreads (cothreads), cores against threads, sample runs.',
  },
  {
    file: '004_5e3b76fe7de6a2e6.txt',
    lesson: 'vmsp-directory',
    title: 'Sorted VM directories and performance',
    authors: 'A. M. Jause',
    year: 'c. 1990',
    measures: 'VM/SP directory search: linear against binary search in directory pages.',
  },
];

/** A lesson (src/lessons/<id>.json) and the paper it walks through. */
export interface LessonEntry {
  /** The file's name without `.json`; the link is `#/lesson/<id>`. */
  id: string;
  /** The paper's seed file. */
  paper: string;
}

/**
 * The lessons, one per paper, in the papers' order: derived from PAPERS, so the papers are
 * the one list. The files themselves load with the lesson page (src/lessons/files.ts).
 */
export const LESSON_ENTRIES: readonly LessonEntry[] = PAPERS.map((p) => ({
  id: p.lesson,
  paper: p.file,
}));

export const findLessonEntry = (id: string): LessonEntry | undefined =>
  LESSON_ENTRIES.find((l) => l.id === id);
