import {
  createContext,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type RefObject,
} from 'react';

/**
 * How much larger than usual charts draw: 1 normally; more in projector mode, where type,
 * lines and marks must be read from the back of a room. A chart lays itself out for
 * `width / scale` and its SVG is scaled up to the full width (see `svgBox`).
 */
export const ChartScale = createContext(1);

/**
 * What a downloaded file's name starts with: the model's id (`file-access-mpe-sl-seq.csv`,
 * `file-access-model-vs-paper.png`). The model page provides it; elsewhere `latency-lab`.
 */
export const DownloadName = createContext('latency-lab');

/**
 * The content width of an element, kept current with a ResizeObserver (charts draw to it),
 * divided by the chart scale; and that scale.
 */
export function useWidth<T extends HTMLElement>(
  fallback: number,
): [RefObject<T | null>, number, number] {
  const scale = useContext(ChartScale);
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = (w: number) =>
      setWidth((prev) => (Math.abs(prev - w) >= 1 && w > 0 ? Math.floor(w) : prev));
    measure(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) measure(entry.contentRect.width);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, Math.floor(width / scale), scale];
}

/** The SVG's size for a chart laid out at `width × height`, drawn `scale` times larger. */
export function svgBox(width: number, height: number, scale: number) {
  return scale === 1
    ? { width, height }
    : { width: width * scale, height: height * scale, viewBox: `0 0 ${width} ${height}` };
}

const watchRootClass = (onChange: () => void) => {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
};
const rootIsProjector = () => document.documentElement.classList.contains('projector');

/**
 * Whether the page is in projector mode (the class App puts on <html>), for a chart outside
 * the model page's ChartScale (the explore strip's) that sizes its margins to its larger text.
 */
export function useProjector(): boolean {
  return useSyncExternalStore(watchRootClass, rootIsProjector, () => false);
}
