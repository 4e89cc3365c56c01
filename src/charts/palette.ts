/** Okabe–Ito colours: distinguishable with the common colour-vision deficiencies. */
export const PALETTE = [
  '#0072B2',
  '#D55E00',
  '#009E73',
  '#CC79A7',
  '#E69F00',
  '#56B4E9',
  '#000000',
];

export function colour(i: number): string {
  return PALETTE[i % PALETTE.length] ?? '#000000';
}

/**
 * Series of one access method share a colour, so a prefetch curve and its dashed
 * no-prefetch baseline read as a pair: "FreadDir & FreadSeek" and "FreadDir (no prefetch)"
 * both group under "FreadDir".
 */
export function seriesGroup(name: string): string {
  return name.split(/\s*[&(:]/)[0]?.trim() || name;
}

/** A pattern/gradient id from React's useId (which may contain characters url(#…) dislikes). */
export function svgId(reactId: string, suffix: string): string {
  return `c${reactId.replace(/[^a-zA-Z0-9_-]/g, '')}-${suffix}`;
}

export const KIND_COLOURS = {
  cpu: '#0072B2',
  stall: '#D55E00',
  disc: '#009E73',
  fault: '#CC79A7',
} as const;
