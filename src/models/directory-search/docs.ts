import type { ParamDocs } from '../types';
import { ASSUMED } from './constants';
import { LISTING } from './listing';
import type { DIRECTORY_SEARCH_PARAMS } from './params';

/**
 * What each parameter means physically, and where its default came from: the controls'
 * words, loaded with them (the registry's `loadParamDocs`), never with the permalink codec.
 */
export const DIRECTORY_SEARCH_DOCS = {
  setup:
    'Which shop the rows stand for. The paper’s shop is compared with its figures; the others are predictions. Choosing one loads its setup.',
  users: `Directory entries DMKUDR can find: people and service machines. The paper’s shop had “about 100–150 VM users”, and its directory spanned more than one page; ${ASSUMED.users.value} is ${ASSUMED.users.why}.`,
  profiles: `PROFILE entries (UDIRPRF) at the front of the directory. The search steps over them: 5 instructions each in the linear scan; the binary search treats one as lower than any user id. ${ASSUMED.profiles.value}: ${ASSUMED.profiles.why}.`,
  entryBytes:
    'Bytes per user entry, a whole number of doublewords (UDIRSIZE×8). 24 B in the VM/370 data areas: 170 blocks per 4,096-byte page, the first a header, so 169 entries.',
  pageBytes:
    'The directory is read in pages of this size (4,096 B). Each page’s first block is a header; DPLLOW and DPLHIGH hold the lowest and highest user id in the page.',
  addedSinceSortPct:
    'Order of the unsorted directory: this share of the ids was appended in creation order (random ids) after the rest were last in sorted order. 100 % = never sorted, the paper’s “before”.',
  seed: 'Seeds the creation order of the ids and, for “heavy ids anywhere”, which ids are heavy. Same seed, same numbers.',
  workload:
    'How often each user id is looked up. The paper: the average “really depends on where the frequently-searched-for user-ids are in the page”.',
  zipfExponent:
    'For the Zipf workloads: the k-th heaviest id is searched in proportion to 1/k^s. 0 is uniform; 1 is classic Zipf.',
  searchesPerMinute: 'Successful searches per minute: 12.82 on average over the paper’s tests.',
  dayHours: 'Hours per production day the saving is extrapolated over (the paper’s shop: 20).',
  usPerInstruction:
    'The 3083-J32’s TOD clock ticks every 125 ns, “comparable to the instruction-execution rate of the CPU model”: 0.125 µs per instruction.',
  pageCheckInstructions: `Per page whose low/high ids are compared: ${LISTING.pageCheck.join(', ')}. The first page skips the step (3 fewer); a page rejected on its low id skips the second compare (2 fewer).`,
  pageInInstructions: `Per page that passes the check: the TRANS macro (${ASSUMED.transInstructions.value} assumed: ${ASSUMED.transInstructions.why}) then ${LISTING.pageInLinear.join(', ')}. The paper found paging time “minimal and constant”.`,
  entryCompareInstructions: `Per user entry the linear scan compares: ${LISTING.linearCompare.join(', ')}.`,
  profileSkipInstructions: `Per profile entry the linear scan steps over: ${LISTING.linearProfile.join(', ')}.`,
  binaryProbeInstructions: `Per user entry the binary search compares: ${LISTING.binaryProbe.join(', ')}. A match leaves at BE (1 fewer); going to the lower half adds SR, B (2 more).`,
} as const satisfies ParamDocs<typeof DIRECTORY_SEARCH_PARAMS>;

export default DIRECTORY_SEARCH_DOCS;
