/**
 * Pure layout decisions of the line chart, kept apart so they are unit-tested: series styles
 * that never repeat, marker labels that never overlap, and series that coincide.
 */
import {
  BASELINE_DASH,
  DASHES,
  MARKERS,
  PALETTE,
  seriesGroup,
  type Dash,
  type Marker,
} from './palette';

/** Dash patterns for series groups past the palette's length (solid first). */
const GROUP_DASHES: readonly Dash[] = [undefined, '2 4', '10 4 2 4'];

/**
 * Colour and dash of series group `g`: the palette's colours first, then the same colours
 * dotted, then dash-dotted, so no two groups look alike (up to 21; the model's own dashed
 * baseline keeps its dashes on top of the group's colour).
 */
export function groupStyle(g: number): { colour: string; dash: Dash } {
  const n = PALETTE.length;
  return {
    colour: PALETTE[g % n] ?? '#000000',
    dash: GROUP_DASHES[Math.floor(g / n) % GROUP_DASHES.length],
  };
}

export interface SeriesStyle {
  colour: string;
  dash: Dash;
  marker: Marker;
}

/**
 * Every series' colour, dash and marker. Colour by group (`seriesGroup`: a curve and its
 * baseline are one colour), the marker by place in the chart, the dash the group's (or the
 * model's baseline dash) unless another series already has that dash with that marker: then
 * the next free dash. So no two series of a chart share both dash and marker — they read apart
 * in greyscale — and so no two share colour, dash and marker (up to 42 series).
 */
export function seriesStyles(
  series: readonly { name: string; styleOf?: string | undefined; dashed?: boolean | undefined }[],
): SeriesStyle[] {
  const groupOf = (s: (typeof series)[number]) => seriesGroup(s.styleOf ?? s.name);
  const groups = [...new Set(series.map(groupOf))];
  const taken = new Set<string>();
  return series.map((s, i) => {
    const group = groupStyle(groups.indexOf(groupOf(s)));
    const marker = MARKERS[i % MARKERS.length]!;
    const first: Dash = s.dashed ? BASELINE_DASH : group.dash;
    // `find` cannot tell "none free" from the solid dash (undefined): look by index.
    // A dashed series stays dashed while it can: solid comes last for it.
    const options = [
      first,
      ...DASHES.filter((d) => d !== first && (first === undefined || d !== undefined)),
      ...(first === undefined ? [] : [undefined]),
    ];
    const k = options.findIndex((d) => !taken.has(`${d}|${marker}`));
    const dash = k < 0 ? first : options[k];
    taken.add(`${dash}|${marker}`);
    return { colour: group.colour, dash, marker };
  });
}

export interface PlacedLabel {
  /** Index into the input. */
  i: number;
  /** Row 0 sits above the plot; rows 1, 2, … inside its top, one line apart. */
  row: number;
  anchor: 'start' | 'middle' | 'end';
}

/**
 * Rows for marker labels so that none overlaps another: each label's extent is estimated from
 * its length (`charPx` per character) and its anchor, and it takes the first row whose last
 * label ends `gapPx` before it starts. Deterministic; order of the input does not matter.
 */
export function placeMarkerLabels(
  markers: readonly { px: number; label: string }[],
  widthPx: number,
  charPx = 7,
  gapPx = 6,
): PlacedLabel[] {
  const order = markers.map((m, i) => ({ ...m, i })).sort((a, b) => a.px - b.px || a.i - b.i);
  const rowsEnd: number[] = [];
  const placed: PlacedLabel[] = [];
  for (const m of order) {
    const w = m.label.length * charPx;
    const anchor = m.px > widthPx * 0.8 ? 'end' : m.px < widthPx * 0.2 ? 'start' : 'middle';
    const left = anchor === 'start' ? m.px : anchor === 'end' ? m.px - w : m.px - w / 2;
    let row = rowsEnd.findIndex((end) => end + gapPx <= left);
    if (row < 0) row = rowsEnd.length;
    rowsEnd[row] = left + w;
    placed.push({ i: m.i, row, anchor });
  }
  return placed.sort((a, b) => a.i - b.i);
}

/**
 * Groups of series whose lines coincide (every shared x within `relTol` of each other), so the
 * chart can say so instead of hiding one line behind the other. Each group lists its names in
 * the series' order; a series in no pair is in no group.
 */
export function coincidingSeries(
  series: readonly { name: string; points: readonly { x: number; y: number }[] }[],
  relTol = 1e-3,
): string[][] {
  const group = series.map((_, i) => i);
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i]!)));
  for (let a = 0; a < series.length; a++)
    for (let b = a + 1; b < series.length; b++) {
      const pb = new Map(series[b]!.points.map((p) => [p.x, p.y]));
      let shared = 0;
      let same = true;
      for (const p of series[a]!.points) {
        const yb = pb.get(p.x);
        if (yb === undefined) continue;
        shared++;
        if (Math.abs(p.y - yb) > relTol * Math.max(Math.abs(p.y), Math.abs(yb), 1e-12)) {
          same = false;
          break;
        }
      }
      if (same && shared >= 2) group[root(b)] = root(a);
    }
  const byRoot = new Map<number, string[]>();
  series.forEach((s, i) => byRoot.set(root(i), [...(byRoot.get(root(i)) ?? []), s.name]));
  return [...byRoot.values()].filter((names) => names.length > 1);
}
