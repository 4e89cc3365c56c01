/**
 * The glossary's terms, part one: the MPE/iX paper (Sieler) and the HP-UX Unified File Cache
 * paper (Mohideen). Part two is ./glossaryTerms2.ts; ./glossary.ts joins and looks them up.
 */
export interface GlossaryTerm {
  /** Stable, for links (`#/glossary/<id>`). */
  id: string;
  /** The name as the glossary lists it. */
  term: string;
  /**
   * The spellings found in text, matched as whole words. A lower-case first letter also
   * matches capitalised, and a spelling that ends in a lower-case letter also matches with
   * `s` (page fault, page faults). Acronyms match only as written.
   */
  match: readonly string[];
  definition: string;
  /** Seed files of the papers the word comes from (first: where it is defined). */
  papers: readonly string[];
  textbook?: true;
}

const SIELER = '000_525c0b5ef756a1ce.txt';
const MOHIDEEN = '001_6d91baf82a5c84e9.txt';
const SIDWALL = '002_d3a82526d29d5693.txt';
const ELLIS = '003_5515af7182eae1b5.txt';
const JAUSE = '004_5e3b76fe7de6a2e6.txt';

export const TERMS_MPE_UFC: readonly GlossaryTerm[] = [
  // MPE/iX (Sieler)
  {
    id: 'freadseek',
    term: 'FREADSEEK',
    match: ['FREADSEEK', 'FreadSeek'],
    definition:
      'An MPE/iX call that tells the file system which record the program will read soon, so it can start reading that part of the file from disc early (a prefetch). Sieler found it only pays when called far enough ahead and for enough pages.',
    papers: [SIELER],
  },
  {
    id: 'fread',
    term: 'FREAD and FREADDIR',
    match: ['FREADDIR', 'FREAD', 'FreadDir', 'Fread'],
    definition:
      'MPE/iX file-system calls that copy one record into the program: FREAD the next one, FREADDIR the record with a given number. Each call costs CPU, but the file system reads many pages from disc at a time.',
    papers: [SIELER],
  },
  {
    id: 'intrinsic',
    term: 'intrinsic',
    match: ['intrinsic'],
    definition:
      'MPE’s word for a routine of the operating system that a program calls, such as FOPEN, FREAD or ASCII: what other systems call a system call or library routine.',
    papers: [SIELER],
  },
  {
    id: 'mapped-file',
    term: 'mapped file',
    match: ['mapped file', 'memory mapped', 'Memory Mapped'],
    definition:
      'A file opened so that the program gets a memory address for its first byte and reads the file like an array in memory. No file-system call per record: absent data is brought in by page faults.',
    papers: [SIELER, MOHIDEEN],
  },
  {
    id: 'page-fault',
    term: 'page fault',
    match: ['page fault', 'page-fault'],
    definition:
      'What happens when a program touches memory whose page is not in physical memory: the hardware stops it, the operating system reads the page in from disc, and the program carries on. On MPE/iX one fault reads one logical page.',
    papers: [SIELER],
  },
  {
    id: 'prefetch',
    term: 'prefetch',
    match: ['prefetch', 'prefetching'],
    definition:
      'Bringing more data from disc into memory than was asked for, before it is needed, so that a later read does not wait for the disc. Too late or too little, Sieler warns, is worse than none.',
    papers: [SIELER],
  },
  {
    id: 'read-ahead',
    term: 'read-ahead',
    match: ['read-ahead'],
    definition:
      'The pages the file system reads in one go when a read finds its page missing. Sieler infers from the FREAD timings that MPE/iX reads 15 or 16 logical pages at a time, where a page fault reads one.',
    papers: [SIELER],
  },
  {
    id: 'logical-page',
    term: 'logical page',
    match: ['logical page'],
    definition:
      'The unit MPE/iX pages and reads from disc: 4,096 bytes. In memory one logical page takes two physical pages.',
    papers: [SIELER],
  },
  {
    id: 'physical-page',
    term: 'physical page (page frame)',
    match: ['physical page', 'page frame', 'frame'],
    definition:
      'A slot of real memory that holds one page: 2,048 bytes on the HPPA hardware MPE/iX runs on. How many frames a machine has is how many pages it can keep in memory at once.',
    papers: [SIELER],
  },
  {
    id: 'nm',
    term: 'NM (Native Mode)',
    match: ['Native Mode', 'NM'],
    definition:
      'On MPE/iX, a program running the new RISC machine’s own instructions: the fastest way, and the mode MPE/iX’s own file system runs in.',
    papers: [SIELER],
  },
  {
    id: 'cm',
    term: 'CM (Compatibility Mode)',
    match: ['Compatibility Mode', 'CM'],
    definition:
      'On MPE/iX, an old HP 3000 program running unchanged: its instructions are emulated one by one on the RISC machine, which is slow.',
    papers: [SIELER],
  },
  {
    id: 'oct',
    term: 'OCT (Object Code Translator)',
    match: ['Object Code Translator', 'OCT'],
    definition:
      'An MPE/iX tool that translates a CM program’s old instructions into RISC ones ahead of time. The result runs faster than CM but keeps CM’s limits, and still switches mode to call native code.',
    papers: [SIELER],
  },
  {
    id: 'mode-switch',
    term: 'mode switch',
    match: ['mode switch', 'switches mode'],
    definition:
      'The crossing between CM and NM code on MPE/iX, paid on every such call: a CM or OCT program’s FREAD must switch to the native file system, and “this switch is not inexpensive”.',
    papers: [SIELER],
  },
  {
    id: 'ksam',
    term: 'KSAM',
    match: ['KSAM'],
    definition:
      'A keyed file type of MPE (records read back in key order). At the time it was still implemented in Compatibility Mode, so native programs paid a mode switch to use it.',
    papers: [SIELER],
  },
  {
    id: 'ascii',
    term: 'ASCII intrinsic',
    match: ['ASCII intrinsic', 'ASCII'],
    definition:
      'The MPE call that turns a number into text. Its native version switched to Compatibility Mode to do the work, so even NM callers paid a mode switch; Sieler’s own NM clone was 20 times faster.',
    papers: [SIELER],
  },
  {
    id: 'delta',
    term: 'Delta',
    match: ['Delta'],
    definition:
      'In Sieler’s tables, elapsed time minus CPU time: the time the program was presumably waiting for data to come from disc.',
    papers: [SIELER],
  },
  // HP-UX Unified File Cache (Mohideen)
  {
    id: 'ufc',
    term: 'UFC (Unified File Cache)',
    match: ['Unified File Cache', 'UFC'],
    definition:
      'HP-UX 11i v3’s single cache of file pages, used both by read()/write() and by mmap(), so the two views of a file always agree and nothing is flushed to disc when a program switches between them.',
    papers: [MOHIDEEN],
  },
  {
    id: 'buffer-cache',
    term: 'buffer cache',
    match: ['buffer cache', 'buffer-cache'],
    definition:
      'Up to HP-UX 11i v2, the kernel’s cache for file data read and written with read() and write(), kept apart from the pages mmap() uses. In 11i v3 it holds only file-system metadata.',
    papers: [MOHIDEEN],
  },
  {
    id: 'page-cache',
    term: 'page cache',
    match: ['page cache'],
    definition:
      'The memory pages that hold file data for memory-mapped access; in HP-UX 11i v3 all file data lives there, found by (file, offset).',
    papers: [MOHIDEEN],
  },
  {
    id: 'mmap',
    term: 'mmap()',
    match: ['mmap()', 'mmap'],
    definition:
      'The Unix call that maps a file into a program’s memory (a mapped file): the program then reads the file with ordinary loads, and absent pages arrive by page faults.',
    papers: [MOHIDEEN],
  },
  {
    id: 'read-write',
    term: 'read() and write()',
    match: ['read()/write()', 'read()', 'write()'],
    definition:
      'The Unix calls that copy file data between the kernel’s cache and the program’s own buffer, one call per block.',
    papers: [MOHIDEEN],
  },
  {
    id: 'mixed-mode',
    term: 'mixed mode',
    match: ['mixed mode', 'mixed-mode'],
    definition:
      'Two meanings. In the UFC paper: a program that reads one file both with read()/write() and through mmap(). In the Itanium paper: one program whose parts run as different kinds of code (native Itanium, and PA-RISC under DOCT) in two processes.',
    papers: [MOHIDEEN, SIDWALL],
  },
  {
    id: 'stealback',
    term: 'stealback',
    match: ['stealback', 'Stealback'],
    definition:
      'A UFC feature (from Tru64): once a file read sequentially holds more than a set share of the cache, its next page is taken from its own oldest pages, so one long scan cannot wipe everyone else’s pages out. Off by default.',
    papers: [MOHIDEEN],
  },
  {
    id: 'filecache-max',
    term: 'filecache_max',
    match: ['filecache_max', 'filecache_min'],
    definition:
      'HP-UX 11i v3 tunables (with filecache_min) that bound the memory the file cache uses for read()/write() data. They do not limit memory-mapped access.',
    papers: [MOHIDEEN],
  },
  {
    id: 'fcache-seqlimit',
    term: 'fcache_seqlimit_file and fcache_seqlimit_system',
    match: ['fcache_seqlimit_file', 'fcache_seqlimit_system'],
    definition:
      'The two stealback tunables: how full the whole file cache must be before stealback starts, and how much one sequentially read file may hold before it takes pages from itself.',
    papers: [MOHIDEEN],
  },
  {
    id: 'sdet',
    term: 'SDET',
    match: ['SDET'],
    definition:
      'A standard multi-user benchmark of a Unix system (many simulated users running commands), which the UFC paper ran on physical disks to compare 11i v3 with v2.',
    papers: [MOHIDEEN],
  },
  {
    id: 'iozone',
    term: 'iozone',
    match: ['iozone'],
    definition:
      'A file-system benchmark. The UFC paper ran it three ways: many processes on many files (scale), one process trying about 300 read and write patterns (-az), and the same through mmap().',
    papers: [MOHIDEEN],
  },
  {
    id: 'postmark',
    term: 'PostMark',
    match: ['PostMark'],
    definition:
      'A single-threaded benchmark heavy on metadata: it looks up, creates and deletes many small files. The one UFC result that got slower.',
    papers: [MOHIDEEN],
  },
  {
    id: 'vnode',
    term: 'vnode',
    match: ['vnode'],
    definition:
      'The kernel’s record for one open file. In 11i v3 each vnode keeps the list of its pages in the cache, instead of one list behind one global lock.',
    papers: [MOHIDEEN],
  },
];

export { ELLIS, JAUSE, MOHIDEEN, SIDWALL, SIELER };
