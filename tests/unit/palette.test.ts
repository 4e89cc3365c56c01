/**
 * Projector mode's dark theme keeps its contrast: text ≥ 4.5:1 on every background it sits
 * on, chart marks ≥ 3:1 (its series colours reach 4.5:1), and the series colours the charts'
 * stylesheets set are the ones src/charts/palette.ts lists (WCAG 2 relative luminance).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PALETTE_DARK, PALETTE_LIGHT } from '../../src/charts/palette';

const css = (path: string) => readFileSync(new URL(`../../src/${path}`, import.meta.url), 'utf8');

/** The custom properties set in the first rule whose selector is `selector`. */
function tokens(text: string, selector: string): Record<string, string> {
  const at = text.indexOf(`${selector} {`);
  expect(at, selector).toBeGreaterThanOrEqual(0);
  const body = text.slice(at, text.indexOf('}', at));
  return Object.fromEntries(
    [...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim().toLowerCase()]),
  );
}

function luminance(hex: string): number {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(m[1]!.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const light = tokens(css('styles/tokens.css'), ':root');
const dark = tokens(css('styles/projector.css'), ':root.projector');

describe('series colours', () => {
  it('the stylesheets set the colours palette.ts lists', () => {
    PALETTE_LIGHT.forEach((c, i) => expect(light[`--series-${i}`]).toBe(c));
    PALETTE_DARK.forEach((c, i) => expect(dark[`--series-${i}`]).toBe(c));
  });

  it('projector mode: every series colour ≥ 4.5:1 on the page', () => {
    for (const c of PALETTE_DARK)
      expect(contrast(c, dark['--paper']!), c).toBeGreaterThanOrEqual(4.5);
  });
});

describe('projector mode’s theme', () => {
  it('is dark: light ink on a dark page', () => {
    expect(luminance(dark['--paper']!)).toBeLessThan(0.02);
    expect(luminance(dark['--ink']!)).toBeGreaterThan(0.8);
  });

  it('text ≥ 4.5:1 on each background it is drawn on', () => {
    const pairs: [string, string][] = [
      ...['--ink', '--muted', '--accent', '--good', '--fair', '--poor', '--pred'].flatMap(
        (t): [string, string][] => [
          [t, '--paper'],
          [t, '--soft'],
        ],
      ),
      ['--good', '--good-bg'],
      ['--fair', '--fair-bg'],
      ['--poor', '--poor-bg'],
      ['--pred', '--pred-bg'],
      ['--ink', '--good-bg'],
      ['--ink', '--fair-bg'],
      ['--ink', '--poor-bg'],
      ['--ink', '--pred-bg'],
      ['--on-accent', '--accent'],
      ['--accent', '--accent-soft'],
      ['--ink', '--accent-soft'],
    ];
    for (const [fg, bg] of pairs)
      expect(contrast(dark[fg]!, dark[bg]!), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
  });

  it('lines and axes ≥ 3:1 on the page', () => {
    for (const t of ['--line', '--axis'])
      expect(contrast(dark[t]!, dark['--paper']!), t).toBeGreaterThanOrEqual(3);
  });

  it('sets every token the light theme has', () => {
    const colours = Object.keys(light).filter((k) => /^#/.test(light[k]!));
    expect(colours.filter((k) => !(k in dark))).toEqual([]);
  });
});
