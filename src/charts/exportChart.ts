/**
 * A chart as a file of its own: the figure's `<svg>` with the styles that matter written
 * onto each element as presentation attributes (the page's stylesheet, and its CSS
 * variables, do not travel with the file), the title and the legend drawn in, on white.
 * Presentation attributes rather than `style="…"`: the page's CSP forbids inline styles.
 * PNG: that SVG drawn on a canvas at twice its size.
 */
import { downloadBlob, fileName } from './download';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Inherited properties: written only where they differ from the parent's. */
const INHERITED = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'visibility',
  'shape-rendering',
  'paint-order',
] as const;
/** Not inherited: written where they are not the initial value. */
const OWN: readonly (readonly [string, string])[] = [
  ['opacity', '1'],
  ['dominant-baseline', 'auto'],
];

const PAD = 12;
const TITLE_H = 28;

function clean(value: string): string {
  return value.replace(/(\d)px\b/g, '$1');
}

/**
 * Copies `src`'s computed styles onto `dst` (its clone) and down the tree. Every attribute
 * that still holds a `var(` (a presentation attribute set from a CSS variable) goes: the
 * computed value written here replaces it.
 */
function inlineStyles(src: Element, dst: Element, parent: CSSStyleDeclaration | null): void {
  const cs = getComputedStyle(src);
  dst.removeAttribute('style');
  for (const attr of [...dst.attributes]) {
    if (attr.value.includes('var(')) dst.removeAttribute(attr.name);
  }
  for (const p of INHERITED) {
    const v = cs.getPropertyValue(p);
    if (!v || (parent && parent.getPropertyValue(p) === v)) dst.removeAttribute(p);
    else dst.setAttribute(p, clean(v));
  }
  for (const [p, initial] of OWN) {
    const v = cs.getPropertyValue(p);
    if (v && v !== initial) dst.setAttribute(p, clean(v));
    else dst.removeAttribute(p);
  }
  if (cs.display === 'none') dst.setAttribute('display', 'none');
  const from = src.children;
  const to = dst.children;
  for (let i = 0; i < from.length && i < to.length; i++) {
    const s = from[i];
    const d = to[i];
    if (s && d) inlineStyles(s, d, cs);
  }
}

function el(name: string, attrs: Record<string, string | number>): SVGElement {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

export interface ChartFile {
  svg: string;
  width: number;
  height: number;
  title: string;
}

/** The figure's chart as a standalone SVG document. */
export function chartSvg(figure: HTMLElement): ChartFile {
  const chart = figure.querySelector<SVGSVGElement>('svg.chart-svg');
  if (!chart) throw new Error('the chart is not drawn yet');
  const title = figure.querySelector('.chart-title')?.textContent?.trim() || 'Chart';
  const caption = figure.querySelector('.chart-caption')?.textContent?.trim() ?? '';
  const figureStyle = getComputedStyle(figure);
  const box = chart.getBoundingClientRect();
  const w = Math.ceil(box.width);
  const h = Math.ceil(box.height);

  // The legend as laid out on screen, placed below the chart.
  const legend = figure.querySelector<HTMLElement>('.legend');
  const legendBox = legend?.getBoundingClientRect();
  const legendItems = legend ? [...legend.querySelectorAll<HTMLLIElement>(':scope > li')] : [];
  const legendH = legendBox && legendItems.length ? Math.ceil(legendBox.height) + 8 : 0;

  const width = Math.max(w, Math.ceil(legendBox?.width ?? 0)) + 2 * PAD;
  const chartY = PAD + TITLE_H;
  const height = chartY + h + legendH + PAD;

  const root = el('svg', {
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    'font-family': figureStyle.fontFamily,
  });
  const titleEl = el('title', {});
  titleEl.textContent = title;
  root.append(titleEl);
  if (caption) {
    const desc = el('desc', {});
    desc.textContent = caption;
    root.append(desc);
  }
  root.append(el('rect', { width: '100%', height: '100%', fill: '#ffffff' }));
  const heading = el('text', {
    x: PAD,
    y: PAD + 16,
    'font-size': 16,
    'font-weight': 700,
    fill: figureStyle.color,
  });
  heading.textContent = title;
  root.append(heading);

  const clone = chart.cloneNode(true) as SVGSVGElement;
  inlineStyles(chart, clone, null);
  clone.setAttribute('x', String(PAD));
  clone.setAttribute('y', String(chartY));
  clone.setAttribute('width', String(w));
  clone.setAttribute('height', String(h));
  clone.setAttribute('overflow', 'visible');
  root.append(clone);

  if (legend && legendBox && legendItems.length) {
    const g = el('g', { class: 'legend', transform: `translate(${PAD},${chartY + h + 8})` });
    for (const li of legendItems) {
      const liBox = li.getBoundingClientRect();
      const liStyle = getComputedStyle(li);
      const swatch = li.querySelector('svg');
      let textX = liBox.left - legendBox.left;
      if (swatch) {
        const sBox = swatch.getBoundingClientRect();
        const s = swatch.cloneNode(true) as SVGSVGElement;
        inlineStyles(swatch, s, null);
        s.setAttribute('x', String(sBox.left - legendBox.left));
        s.setAttribute('y', String(sBox.top - legendBox.top));
        s.removeAttribute('aria-hidden');
        s.removeAttribute('focusable');
        g.append(s);
        textX = sBox.right - legendBox.left + 6;
      }
      const text = el('text', {
        x: textX,
        y: liBox.top - legendBox.top + liBox.height / 2,
        'dominant-baseline': 'central',
        'font-size': clean(liStyle.fontSize),
        fill: liStyle.color,
      });
      text.textContent = li.textContent?.trim() ?? '';
      g.append(text);
    }
    root.append(g);
  }

  const svg = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}\n`;
  return { svg, width, height, title };
}

export function downloadChartSvg(figure: HTMLElement, parts: readonly string[]): void {
  const { svg } = chartSvg(figure);
  downloadBlob(new Blob([svg], { type: 'image/svg+xml' }), fileName(parts, 'svg'));
}

/** The SVG drawn on a canvas at 2× its size (a data: URL: the CSP allows those as images). */
export async function downloadChartPng(figure: HTMLElement, parts: readonly string[]) {
  const { svg, width, height } = chartSvg(figure);
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width * 2;
  canvas.height = height * 2;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser gave no canvas to draw on');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the canvas could not be encoded as PNG');
  downloadBlob(blob, fileName(parts, 'png'));
}
