/**
 * The glossary's terms, part two: mixed mode on Itanium (Sidwall, Kroeker), OpenVMS on
 * Montecito (Ellis), sorted VM/SP directories (Jause), and the textbook terms the models and
 * lessons use beside them.
 */
import { ELLIS, JAUSE, MOHIDEEN, SIDWALL, SIELER, type GlossaryTerm } from './glossaryTerms';

export const TERMS_MORE: readonly GlossaryTerm[] = [
  // Mixed mode on Itanium (Sidwall, Kroeker)
  {
    id: 'doct',
    term: 'DOCT (Dynamic Object Code Translator)',
    match: ['Dynamic Object Code Translator', 'DOCT'],
    definition:
      'HP’s emulator that runs unchanged PA-RISC programs on Itanium by translating their code while they run (code name Aries). Interactive programs feel normal; compute-heavy ones run 4 to 10 times slower than native.',
    papers: [SIDWALL],
  },
  {
    id: 'rpc',
    term: 'RPC (Remote Procedure Call)',
    match: ['Remote Procedure Call', 'DCE RPC', 'RPC'],
    definition:
      'Calling a function in another process, even on another machine, as if it were local: the DCE machinery packs the arguments and waits for the answer. Easy and flexible, but each call costs much more than shared memory (about 0.9 ms with DOCT).',
    papers: [SIDWALL],
  },
  {
    id: 'shared-memory',
    term: 'shared memory (SM)',
    match: ['shared memory', 'SM'],
    definition:
      'A block of memory two processes both attach to: the caller puts its inputs there and signals, the server puts the answer back. Fast (about 0.01 ms a call with DOCT), but the programs must do their own synchronization.',
    papers: [SIDWALL],
  },
  {
    id: 'semaphore',
    term: 'semaphore',
    match: ['semaphore'],
    definition:
      'An operating-system counter that processes use to wait for and wake each other: meant for synchronization, not for carrying data. The shared-memory version uses them to say “input ready” and “output ready”.',
    papers: [SIDWALL],
  },
  {
    id: 'marshal',
    term: 'marshalling',
    match: ['marshalling', 'marshaling', 'marshal'],
    definition:
      'Packing a call’s arguments into a message for another process (and unpacking them there). RPC does it for you, at a price on every call.',
    papers: [SIDWALL],
  },
  {
    id: 'pa-risc',
    term: 'PA-RISC',
    match: ['PA-RISC'],
    definition:
      'HP’s earlier processor family (HPPA), which MPE/iX and HP-UX ran on before Itanium. Its programs run on Itanium natively only once ported, or else under DOCT.',
    papers: [SIDWALL, SIELER],
  },
  {
    id: 'itanium',
    term: 'Itanium (IPF)',
    match: ['Itanium', 'IPF'],
    definition:
      'Intel and HP’s 64-bit processor family (Itanium Processor Family), in HP’s Integrity servers; Montecito is a dual-core Itanium 2.',
    papers: [SIDWALL, ELLIS],
  },
  {
    id: 'call-overhead',
    term: 'call overhead',
    match: ['call overhead'],
    definition:
      'What a call costs beyond the work it does. For calls between processes it is the crossing itself, and for many calls it becomes “the main element in the time spent”.',
    papers: [SIDWALL],
  },
  // OpenVMS on Montecito (Ellis)
  {
    id: 'hyperthread',
    term: 'hyperthread',
    match: ['hyperthread', 'hardware thread', 'Hyperthread'],
    definition:
      'A second set of registers in a Montecito core, so it can hold two programs at once. Only one runs at a time: the core switches to the other when the running one waits on a cache miss, or on a timer. Each looks like a CPU to OpenVMS.',
    papers: [ELLIS],
  },
  {
    id: 'cothread',
    term: 'cothread',
    match: ['cothread', 'CoThread', 'Cothread'],
    definition:
      'OpenVMS’s name for two CPUs that are hyperthreads of the same core (“cothread CPUs”): they take turns using that one core.',
    papers: [ELLIS],
  },
  {
    id: 'core',
    term: 'core',
    match: ['core'],
    definition:
      'The part of a processor chip that actually executes programs, with its own cache. A Montecito processor has 2 cores, each with 2 hyperthreads.',
    papers: [ELLIS],
  },
  {
    id: 'montecito',
    term: 'Montecito',
    match: ['Montecito'],
    definition:
      'The 2006 dual-core Itanium 2 processor: 2 cores and 4 hyperthreads per chip, its cache split between the cores.',
    papers: [ELLIS],
  },
  {
    id: 'cache-miss',
    term: 'cache miss',
    match: ['cache miss'],
    definition:
      'When the data a program needs is not in the processor’s cache and must come from main memory, which takes hundreds of cycles. A Montecito core switches hyperthreads on a miss.',
    papers: [ELLIS],
  },
  {
    id: 'memory-latency',
    term: 'memory latency',
    match: ['memory latency'],
    definition:
      'How long one fetch from main memory takes. Ellis: systems with higher memory latency gain more from hyperthreads, since there is more waiting to hide.',
    papers: [ELLIS],
  },
  {
    id: 'affinity',
    term: 'affinity',
    match: ['affinity'],
    definition:
      'Pinning a process to chosen CPUs, as the sample runs did with SET PROCESS/AFFINITY, so the operating system may run it only there.',
    papers: [ELLIS],
  },
  {
    id: 'context-switch',
    term: 'context switch',
    match: ['context switch', 'context-switch'],
    definition:
      'The operating system stopping one process on a CPU and starting another: it saves and restores registers, and the new process finds the cache full of the old one’s data.',
    papers: [ELLIS],
    textbook: true,
  },
  {
    id: 'time-slice',
    term: 'time slice (quantum)',
    match: ['time slice', 'time-slice', 'time-sliced', 'quantum'],
    definition:
      'How long the operating system lets a process run on a CPU before giving the CPU to the next one waiting. Two sessions on one core take turns this way.',
    papers: [ELLIS],
    textbook: true,
  },
  // Sorted VM/SP directories (Jause)
  {
    id: 'dmkudr',
    term: 'DMKUDR',
    match: ['DMKUDR'],
    definition:
      'The module of VM/SP’s control program that finds a user id in the VM directory, called at every log-on and link. It scanned the directory linearly; Jause made it search sorted pages in halves.',
    papers: [JAUSE],
  },
  {
    id: 'directory-page',
    term: 'directory page',
    match: ['directory page'],
    definition:
      'One 4 KB page of the VM directory, holding user entries. The search first checks each page’s lowest and highest user id (DPLLOW, DPLHIGH) to skip pages that cannot hold the id.',
    papers: [JAUSE],
  },
  {
    id: 'user-id',
    term: 'user id',
    match: ['user id', 'user-id'],
    definition:
      'The name of one VM user or service machine: the key DMKUDR looks up in the directory.',
    papers: [JAUSE],
  },
  {
    id: 'linear-search',
    term: 'linear search',
    match: ['linear search', 'linear scan'],
    definition:
      'Looking through entries one by one from the front until the one wanted turns up: the time grows with how far in it sits.',
    papers: [JAUSE],
  },
  {
    id: 'binary-search',
    term: 'binary search',
    match: ['binary search'],
    definition:
      'In a sorted list, compare with the middle entry and keep only the half that can hold the wanted one, again and again: about log₂ n steps instead of up to n. It needs the directory sorted.',
    papers: [JAUSE],
  },
  {
    id: 'tod-clock',
    term: 'TOD clock (STCK)',
    match: ['TOD clock', 'STCK'],
    definition:
      'The IBM mainframe’s time-of-day clock, read with the STCK instruction; on the paper’s 3083 it ticks every 125 ns, which let Jause time single searches.',
    papers: [JAUSE],
  },
  {
    id: 'trans',
    term: 'TRANS',
    match: ['TRANS'],
    definition:
      'The macro in DMKUDR that makes sure a directory page is in real memory (bringing it in if need be) before its entries are read.',
    papers: [JAUSE],
  },
  {
    id: 'profile-entry',
    term: 'PROFILE entry',
    match: ['PROFILE entry', 'profile entry', 'UDIRPRF'],
    definition:
      'A directory entry that holds settings shared by several users rather than a user; the search steps over it (flag UDIRPRF).',
    papers: [JAUSE],
  },
  // Textbook terms the models and lessons use.
  {
    id: 'working-set',
    term: 'working set',
    match: ['working set'],
    definition:
      'The pages a program keeps using over a stretch of time. If they all fit in memory it runs at memory speed; if not, it keeps faulting.',
    papers: [MOHIDEEN, ELLIS],
    textbook: true,
  },
  {
    id: 'replacement-policy',
    term: 'replacement policy',
    match: ['replacement policy', 'page replacement'],
    definition:
      'The rule that picks which page to throw out of a full memory (or cache) to make room for a new one: FIFO, LRU, CLOCK, RAND, or OPT, which knows the future.',
    papers: [MOHIDEEN],
    textbook: true,
  },
  {
    id: 'lru',
    term: 'LRU',
    match: ['LRU'],
    definition:
      'Least Recently Used: throw out the page unused for the longest. Good when the recent past predicts the future, bad for a loop just larger than memory or a long scan.',
    papers: [MOHIDEEN],
    textbook: true,
  },
  {
    id: 'opt',
    term: 'OPT',
    match: ['OPT'],
    definition:
      'The optimal (Belady’s) policy: throw out the page needed furthest in the future. It cannot be built, since it must know the future, but it shows the best any policy could do.',
    papers: [MOHIDEEN],
    textbook: true,
  },
  {
    id: 'belady',
    term: 'Belady’s anomaly',
    match: ['Belady’s anomaly', "Belady's anomaly"],
    definition:
      'With FIFO replacement, giving a program more memory frames can make it fault more often, as the classic string 1,2,3,4,1,2,5,1,2,3,4,5 shows with 3 and 4 frames.',
    papers: [MOHIDEEN],
    textbook: true,
  },
  {
    id: 'zipf',
    term: 'Zipf',
    match: ['Zipf'],
    definition:
      'A popularity pattern: the k-th most used item is used in proportion to 1/kˢ, so a few items take most of the references.',
    papers: [JAUSE, MOHIDEEN],
    textbook: true,
  },
];
