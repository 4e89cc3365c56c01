import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether a table should stack its sub-columns (model over paper over error, in one cell per
 * quantity) because side by side they are wider than the table's column. Measured before
 * paint, so the wide form never flashes; the table goes back to side by side only once its
 * column is as wide as the side-by-side table was (hysteresis, so a drag never makes the
 * table flip between forms). `shape` names the table's columns: a new shape measures again.
 */
export function useStackWhenWide(ref: RefObject<HTMLElement | null>, shape: string): boolean {
  const [stacked, setStacked] = useState(false);
  const natural = useRef(0);
  const measured = useRef(shape);
  if (measured.current !== shape) {
    measured.current = shape;
    natural.current = 0;
    if (stacked) setStacked(false);
  }
  useLayoutEffect(() => {
    const scroller = ref.current?.querySelector<HTMLElement>('.table-scroll');
    const table = scroller?.querySelector('table');
    if (!scroller || !table) return;
    const check = () => {
      if (!stacked) {
        if (scroller.scrollWidth > scroller.clientWidth + 1) {
          natural.current = scroller.scrollWidth;
          setStacked(true);
        }
      } else if (scroller.clientWidth >= natural.current) setStacked(false);
    };
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(scroller);
    observer.observe(table);
    return () => observer.disconnect();
  }, [ref, stacked, shape]);
  return stacked;
}
