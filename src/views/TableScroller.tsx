import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../i18n/LangContext';

interface Overflow {
  /** Column headings (top header row) cut off or beyond the right edge. */
  right: string[];
  /** Whether the table is scrolled: columns are hidden behind the pinned first column. */
  left: boolean;
}

const NONE: Overflow = { right: [], left: false };

function same(a: Overflow, b: Overflow): boolean {
  return a.left === b.left && a.right.join('\u0000') === b.right.join('\u0000');
}

/**
 * A table that may be wider than its column: it scrolls sideways with its first column
 * pinned (CSS `position: sticky` on `.row-head`), a shadow on the edge where columns are out
 * of sight, and a line naming those columns — a button that scrolls to them — so no column
 * (an error column least of all) is ever hidden without a hint. Focusable, so the arrow keys
 * scroll it too.
 */
export function TableScroller({
  labelledBy,
  children,
}: {
  labelledBy: string;
  children: ReactNode;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>(NONE);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const box = el.getBoundingClientRect();
      const heads = el.querySelectorAll('thead tr:first-child th:not(.row-head)');
      const right: string[] = [];
      for (const h of heads)
        if (h.getBoundingClientRect().right > box.right + 1) right.push(h.textContent ?? '');
      const next = { right, left: el.scrollLeft > 1 };
      setOverflow((prev) => (same(prev, next) ? prev : next));
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    if (typeof ResizeObserver === 'undefined')
      return () => el.removeEventListener('scroll', measure);
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      ro.disconnect();
    };
  }, []);

  const scroll = (direction: 1 | -1) => {
    const el = ref.current;
    if (!el) return;
    const pinned = el.querySelector('.row-head')?.getBoundingClientRect().width ?? 0;
    const page = Math.max(120, el.clientWidth - pinned - 40);
    el.scrollBy({ left: direction * page, behavior: 'smooth' });
  };

  const cls = `table-wrap${overflow.right.length ? ' more-right' : ''}${overflow.left ? ' more-left' : ''}`;
  return (
    <>
      <div className={cls}>
        <div
          ref={ref}
          className="table-scroll"
          role="region"
          aria-labelledby={labelledBy}
          tabIndex={0}
          data-overflow={overflow.right.length > 0 ? 'right' : overflow.left ? 'left' : 'none'}
        >
          {children}
        </div>
      </div>
      {(overflow.right.length > 0 || overflow.left) && (
        <p className="scroll-hint" data-testid="scroll-hint">
          {overflow.left && (
            <button type="button" className="link-button" onClick={() => scroll(-1)}>
              {t('common.firstColumns')}
            </button>
          )}
          {overflow.right.length > 0 && (
            <button type="button" className="link-button" onClick={() => scroll(1)}>
              {t('common.moreColumns', { columns: overflow.right.join(', ') })}
            </button>
          )}
        </p>
      )}
    </>
  );
}
