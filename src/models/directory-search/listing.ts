/**
 * The instruction paths of DMKUDR, read off the paper's two listings (linear scan, and the
 * binary-search modification). The model charges instructions along these paths; the
 * parameters that a teacher may change default to their lengths, and the short fixed paths
 * (a probe past the page end, the end of the list, …) are charged as listed here.
 */
export const LISTING = {
  /** Once per search, before the first page: `L R3,DMKSYSPL` and `B NXTPAGE1`. */
  entry: ['L', 'B'],
  /** To the next directory page (NXTPAGE): not done for the first page. */
  pageStep: ['CLI', 'BE', 'LA'],
  /** NXTPAGE1 … `BL NXTPAGE`: the page's virtual address, then the search id against DPLLOW. */
  pageLow: ['ICM', 'BZ', 'CLC', 'BL'],
  /** Against DPLHIGH: only when the id is not below DPLLOW. */
  pageHigh: ['CLC', 'BH'],
  /** A whole page check, as the `pageCheckInstructions` default counts it. */
  pageCheck: ['CLI', 'BE', 'LA', 'ICM', 'BZ', 'CLC', 'BL', 'CLC', 'BH'],
  /** After the TRANS macro brings the page in, before the linear scan. */
  pageInLinear: ['LH', 'AR', 'LR'],
  /** After TRANS, before the binary descent: BXLE runs once more per doubling (see below). */
  pageInBinary: ['LH', 'AR', 'LA', 'LR', 'LH', 'LR', 'LR'],
  /** `BXLE R6,R6,*`: doubles the index until it passes the page's last entry. */
  binaryDoubling: ['BXLE'],
  /** FINDUSER, linear: step, end test, profile test, unmask and compare the id. */
  linearCompare: ['LA', 'CLR', 'BH', 'TM', 'BO', 'MVC', 'XC', 'CLC', 'BNE'],
  /** FINDUSER, linear, on a profile entry: `BO FINDUSER` skips it. */
  linearProfile: ['LA', 'CLR', 'BH', 'TM', 'BO'],
  /** FINDUSER, linear, past the last entry: `BH NXTPAGE`. */
  linearPageEnd: ['LA', 'CLR', 'BH'],
  /** After the last page: `BE UNLOCK` — the id is not in the directory. */
  endOfList: ['CLI', 'BE'],
  /** FINDUSER, binary: halve, probe a user entry, compare, `BC 2` to the upper half. */
  binaryProbe: ['SRL', 'CLR', 'BL', 'LA', 'CLR', 'BH', 'TM', 'BO', 'MVC', 'XC', 'CLC', 'BE', 'BC'],
  /** To the lower half after a compare: BINSRCHL `SR R2,R5`, `B FINDUSER`. */
  binaryLower: ['SR', 'B'],
  /** A probe past the page's last entry: back to where it was (BINSRCHL). */
  binaryPastEnd: ['SRL', 'CLR', 'BL', 'LA', 'CLR', 'BH', 'SR', 'B'],
  /** A probe on a profile entry: `BO FINDUSER` keeps the probe as the new base (upper half). */
  binaryProfile: ['SRL', 'CLR', 'BL', 'LA', 'CLR', 'BH', 'TM', 'BO'],
  /** The index halved below one entry: `BL NXTPAGE`, the id is not in this page. */
  binaryExhausted: ['SRL', 'CLR', 'BL'],
} as const satisfies Record<string, readonly string[]>;
