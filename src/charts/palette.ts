/**
 * Okabe–Ito colours: distinguishable with the common colour-vision deficiencies. The charts
 * draw with the CSS variables `--series-0` … `--series-6` (src/styles/tokens.css), so that
 * projector mode's dark theme can swap in lighter ones; these lists are the values the two
 * stylesheets set, kept here for the fallbacks and for the contrast tests.
 */
export const PALETTE_LIGHT = [
  '#0072b2',
  '#d55e00',
  '#009e73',
  '#cc79a7',
  '#e69f00',
  '#56b4e9',
  '#000000',
] as const;

/**
 * Projector mode's series colours (src/styles/projector.css), on its near-black page: the
 * dark blue becomes the sky blue, the sky blue Okabe–Ito's yellow, black white; each at
 * least 4.5:1 against the background.
 */
export const PALETTE_DARK = [
  '#56b4e9',
  '#d55e00',
  '#009e73',
  '#cc79a7',
  '#e69f00',
  '#f0e442',
  '#ffffff',
] as const;

/** The series colours as the charts write them: the theme's variable, the light value behind. */
export const PALETTE: readonly string[] = PALETTE_LIGHT.map((c, i) => `var(--series-${i}, ${c})`);

export function colour(i: number): string {
  return PALETTE[i % PALETTE.length] ?? 'currentColor';
}

/**
 * Marker shapes, the second channel beside colour: a series reads apart from the others in
 * greyscale and for a reader who cannot tell two colours apart. No diamond: that is the
 * paper's measured point.
 */
export const MARKERS = [
  'circle',
  'square',
  'triangle',
  'triangle-down',
  'plus',
  'cross',
  'star',
] as const;
export type Marker = (typeof MARKERS)[number];

const f = (v: number) => Math.round(v * 100) / 100;
const polygon = (pts: readonly (readonly [number, number])[]) =>
  `M${pts.map(([x, y]) => `${f(x)} ${f(y)}`).join(' L')} Z`;

/** A filled marker of about `r`'s radius, centred at (cx, cy), as a path's `d`. */
/** A plus of arms 0.38 wide and 1.15 long (unit-radius marker space), corner by corner. */
const PLUS_A = 0.38;
const PLUS_B = 1.15;
const PLUS: readonly (readonly [number, number])[] = [
  [-PLUS_A, -PLUS_B],
  [PLUS_A, -PLUS_B],
  [PLUS_A, -PLUS_A],
  [PLUS_B, -PLUS_A],
  [PLUS_B, PLUS_A],
  [PLUS_A, PLUS_A],
  [PLUS_A, PLUS_B],
  [-PLUS_A, PLUS_B],
  [-PLUS_A, PLUS_A],
  [-PLUS_B, PLUS_A],
  [-PLUS_B, -PLUS_A],
  [-PLUS_A, -PLUS_A],
];

export function markerPath(marker: Marker, r: number, cx = 0, cy = 0): string {
  const at = (pts: readonly (readonly [number, number])[]) =>
    polygon(pts.map(([x, y]) => [cx + x * r, cy + y * r] as const));
  switch (marker) {
    case 'circle':
      return `M${f(cx - r)} ${f(cy)} a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0 a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0 Z`;
    case 'square':
      return at([
        [-0.85, -0.85],
        [0.85, -0.85],
        [0.85, 0.85],
        [-0.85, 0.85],
      ]);
    case 'triangle':
      return at([
        [0, -1.2],
        [1.1, 0.8],
        [-1.1, 0.8],
      ]);
    case 'triangle-down':
      return at([
        [0, 1.2],
        [1.1, -0.8],
        [-1.1, -0.8],
      ]);
    case 'plus':
      return at(PLUS);
    case 'cross': {
      // The plus turned by 45°.
      const c = Math.SQRT1_2;
      return at(PLUS.map(([x, y]) => [c * (x - y), c * (x + y)] as const));
    }
    case 'star':
      return at(
        Array.from({ length: 10 }, (_, k) => {
          const rad = k % 2 === 0 ? 1.3 : 0.55;
          const t = -Math.PI / 2 + (k * Math.PI) / 5;
          return [rad * Math.cos(t), rad * Math.sin(t)] as const;
        }),
      );
  }
}

/** Dash patterns (solid first); a model's dashed baseline takes `BASELINE_DASH`. */
export const BASELINE_DASH = '7 5';
export const DASHES = [undefined, BASELINE_DASH, '2 4', '10 4 2 4', '14 4', '4 3 1 3'] as const;
export type Dash = (typeof DASHES)[number];

/**
 * Fill textures of bars and timeline segments, the second channel beside colour (see
 * `TexturePattern` in src/charts/Texture.tsx). The diagonal hatch is not here: it marks a
 * prediction (model vs paper) or a stall (timelines).
 */
export const TEXTURES = ['solid', 'dots', 'horizontal', 'crosshatch', 'vertical', 'grid'] as const;
export type Texture = (typeof TEXTURES)[number];

export function texture(i: number): Texture {
  return TEXTURES[i % TEXTURES.length] ?? 'solid';
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

/** The timeline's kinds: a colour each (and a texture each, in TimelineChart). */
export const KIND_COLOURS = {
  cpu: colour(0),
  stall: colour(1),
  disc: colour(2),
  fault: colour(3),
} as const;
