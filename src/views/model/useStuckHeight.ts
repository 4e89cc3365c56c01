import { useEffect } from 'react';

/**
 * Keeps a CSS custom property on the document (`--tools-h`, `--strip-h`) at the height of
 * the element `find` returns, or 0 px while that element neither sticks nor is fixed (a phone's
 * toolbar scrolls away; projector mode's does not stick). The page's scroll padding and the
 * hand's column are sized by it, so focus never lands under a bar (WCAG 2.4.11). The element
 * may come later (a lazy part): it is looked for as the page's subtree changes, until found.
 */
export function useStuckHeight(name: string, find: () => HTMLElement | null, active = true): void {
  useEffect(() => {
    if (!active || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    let el: HTMLElement | null = null;
    let last = '';
    const measure = () => {
      const pos = el ? getComputedStyle(el).position : '';
      const h = el && (pos === 'sticky' || pos === 'fixed') ? el.getBoundingClientRect().height : 0;
      const value = `${Math.ceil(h)}px`;
      if (value !== last) root.style.setProperty(name, (last = value));
    };
    const resize = new ResizeObserver(measure);
    const mutations = new MutationObserver(() => attach());
    const attach = () => {
      el = find();
      if (!el) return false;
      resize.observe(el);
      mutations.disconnect();
      measure();
      return true;
    };
    if (!attach()) mutations.observe(document.body, { childList: true, subtree: true });
    // A breakpoint or the view changes whether it sticks, not always its size.
    addEventListener('resize', measure);
    const classes = new MutationObserver(measure);
    classes.observe(root, { attributes: true, attributeFilter: ['class'] });
    return () => {
      resize.disconnect();
      mutations.disconnect();
      classes.disconnect();
      removeEventListener('resize', measure);
      root.style.removeProperty(name);
    };
  }, [name, find, active]);
}
