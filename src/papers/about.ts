/**
 * Two sentences about each paper for a student who opens a shared link (who wrote it, and its
 * point), and how its year (./papers.ts) is known. Apart from ./papers.ts so that the initial
 * bundle does not carry them: "About this paper" loads this file when it is opened.
 */
export interface PaperAbout {
  /** How `year` is known: a date the text prints ("Dated …"), or an estimate ("Undated; …"). */
  dating: string;
  about: string;
}

/** By seed file, as PAPERS names them. */
export const PAPER_ABOUT: Readonly<Record<string, PaperAbout>> = {
  '000_525c0b5ef756a1ce.txt': {
    dating: 'Undated; the text mentions the renaming of MPE XL to MPE/iX (1992).',
    about:
      'Stan Sieler of Allegro Consultants timed an HP 3000 program reading a file on MPE/iX through a mapped pointer, or through the file system’s FREAD and FREADDIR, with and without FREADSEEK prefetch. His point: on a RISC machine, when data is asked for matters as much as how much, and a prefetch at the wrong time is worse than none.',
  },
  '001_6d91baf82a5c84e9.txt': {
    dating: 'Undated; an HP webcast series on HP-UX 11i v3, released in 2007.',
    about:
      'An HP webcast by an architect of the HP-UX virtual memory system on the Unified File Cache of HP-UX 11i v3, one cache of file pages for read()/write() and mmap() in place of the older buffer cache. It shows why mixing the two kinds of access was slow on 11i v2, and how the new cache shares pages and steals memory back from file data.',
  },
  '002_d3a82526d29d5693.txt': {
    dating: 'Undated; measured on 800 MHz Itanium (i2000) systems.',
    about:
      'Two HP engineers compare ways for new Itanium code to call old PA-RISC code it has no source for: translate the old code as it runs (DOCT), or run it in a second process reached through shared memory or RPC. Their tables time ten thousand to a million calls across that boundary, so the cost of one call can be read off.',
  },
  '003_5515af7182eae1b5.txt': {
    dating: 'Dated October 2006 on its first page.',
    about:
      'Bruce Ellis reports OpenVMS performance on HP Integrity servers, from HP OpenVMS Engineering’s presentations. Among its results are sample runs on dual-core Montecito processors with hyperthreads (cothreads) off and on: when a second thread per core hides memory stalls, and when it only adds switches.',
  },
  '004_5e3b76fe7de6a2e6.txt': {
    dating: 'Undated; measured on VM/SP HPO Release 5.0 at service level PUT 9003.',
    about:
      'A reader’s reply to an article on sorting the VM/SP user directory: A. M. Jause timed DMKUDR, the module that finds a user-id in the directory, on an IBM 3083. He measured its linear search of the directory pages, sorted and unsorted, and what a binary search would save per search and per day.',
  },
};
