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
  /** How `year` is known. */
  dating: string;
  /** Two sentences for a student who opens a shared link: who wrote it, and its point. */
  about: string;
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
    dating: 'Undated; the text mentions the renaming of MPE XL to MPE/iX (1992).',
    about:
      'Stan Sieler of Allegro Consultants timed an HP 3000 program reading a file on MPE/iX through a mapped pointer, or through the file system’s FREAD and FREADDIR, with and without FREADSEEK prefetch. His point: on a RISC machine, when data is asked for matters as much as how much, and a prefetch at the wrong time is worse than none.',
    measures:
      'Mapped files against file-system reads, page faults, prefetch with FREADSEEK, mode switches.',
  },
  {
    file: '001_6d91baf82a5c84e9.txt',
    lesson: 'hpux-ufc',
    title: 'HP-UX 11i v3 Unified File Cache',
    authors: 'S. Mohideen',
    year: 'c. 2007',
    dating: 'Undated; an HP webcast series on HP-UX 11i v3, released in 2007.',
    about:
      'An HP webcast by an architect of the HP-UX virtual memory system on the Unified File Cache of HP-UX 11i v3, one cache of file pages for read()/write() and mmap() in place of the older buffer cache. It shows why mixing the two kinds of access was slow on 11i v2, and how the new cache shares pages and steals memory back from file data.',
    measures: 'One page cache for read() and mmap(), mixed access, stealback, benchmark deltas.',
  },
  {
    file: '002_d3a82526d29d5693.txt',
    lesson: 'itanium-mixed-mode',
    title: 'An Approach to Mixed Mode on Itanium under HP-UX',
    authors: 'G. Sidwall and K. Kroeker',
    year: 'c. 2002',
    dating: 'Undated; measured on 800 MHz Itanium (i2000) systems.',
    about:
      'Two HP engineers compare ways for new Itanium code to call old PA-RISC code it has no source for: translate the old code as it runs (DOCT), or run it in a second process reached through shared memory or RPC. Their tables time ten thousand to a million calls across that boundary, so the cost of one call can be read off.',
    measures: 'Emulating PA-RISC code, shared memory against RPC between processes, call overhead.',
  },
  {
    file: '003_5515af7182eae1b5.txt',
    lesson: 'openvms-integrity',
    title: 'HP OpenVMS: Integrity Server Performance Update',
    authors: 'B. Ellis',
    year: 'October 2006',
    dating: 'Dated October 2006 on its first page.',
    about:
      'Bruce Ellis reports OpenVMS performance on HP Integrity servers, from HP OpenVMS Engineering’s presentations. Among its results are sample runs on dual-core Montecito processors with hyperthreads (cothreads) off and on: when a second thread per core hides memory stalls, and when it only adds switches.',
    measures: 'Montecito hyperthreads (cothreads), cores against threads, sample runs.',
  },
  {
    file: '004_5e3b76fe7de6a2e6.txt',
    lesson: 'vmsp-directory',
    title: 'Sorted VM directories and performance',
    authors: 'A. M. Jause',
    year: 'c. 1990',
    dating: 'Undated; measured on VM/SP HPO Release 5.0 at service level PUT 9003.',
    about:
      'A reader’s reply to an article on sorting the VM/SP user directory: A. M. Jause timed DMKUDR, the module that finds a user-id in the directory, on an IBM 3083. He measured its linear search of the directory pages, sorted and unsorted, and what a binary search would save per search and per day.',
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
