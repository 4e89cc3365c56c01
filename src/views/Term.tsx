import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  GLOSSARY_EN,
  type Glossary,
  type GlossaryLang,
  type GlossaryTerm,
} from '../papers/glossary';
import { PAPERS } from '../papers/papers';
import './Term.css';

/** "Sieler, MPE/iX and Performance: Not Incompatible" — whose words these are. */
export function paperNames(term: GlossaryTerm): string {
  return term.papers
    .map((file) => {
      const p = PAPERS.find((x) => x.file === file);
      return p ? `${p.authors}, “${p.title}”` : file;
    })
    .join('; ');
}

/** Where a term comes from, in the glossary's language: "From Sieler, “…”." */
export function sourceLine(term: GlossaryTerm, lang: GlossaryLang): string {
  const [textbook, from] =
    lang === 'es'
      ? ['Término de manual, tal como se usa con ', 'De ']
      : ['Textbook term, as used with ', 'From '];
  return `${term.textbook ? textbook : from}${paperNames(term)}.`;
}

/** Gap kept between the tip and the window's edges, in px. */
const EDGE = 8;

/**
 * A word of the papers' jargon, as a button with a dotted underline. Hovering it (a mouse) or
 * focusing it from the keyboard shows its definition; a click or tap pins it open or closes
 * it; Escape closes it. The definition is the button's description (`aria-describedby`) even
 * while hidden, so a screen reader says it on focus. The tip is an element of <body>'s own,
 * fixed to the window: a table's scroll box cannot clip it, and the text it sits in (a
 * caption, a label's doc) keeps its own words only.
 */
export function Term({
  id,
  children,
  glossary = GLOSSARY_EN,
}: {
  id: string;
  children: ReactNode;
  /** The page's language's glossary (English by default). */
  glossary?: Glossary;
}) {
  const term = glossary.byId.get(id);
  const tipId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [pinned, setPinned] = useState(false);
  const [hoverTerm, setHoverTerm] = useState(false);
  const [hoverTip, setHoverTip] = useState(false);
  const [focused, setFocused] = useState(false);
  const open = pinned || hoverTerm || hoverTip || focused;
  const close = useCallback(() => {
    setPinned(false);
    setHoverTerm(false);
    setHoverTip(false);
    setFocused(false);
  }, []);

  const tip = useTipElement(term, glossary.lang, tipId, setHoverTip);

  // Below the word, inside the window; above it when there is no room below.
  const position = useCallback(() => {
    const b = button.current?.getBoundingClientRect();
    const t = tip.current?.getBoundingClientRect();
    if (!b || !t || !tip.current) return;
    const left = Math.max(EDGE, Math.min(b.left, window.innerWidth - t.width - EDGE));
    const below = b.bottom + t.height + EDGE <= window.innerHeight || b.top < t.height + EDGE;
    tip.current.style.left = `${left}px`;
    tip.current.style.top = `${below ? b.bottom : b.top - t.height}px`;
  }, [tip]);
  useLayoutEffect(() => {
    if (!tip.current) return;
    tip.current.hidden = !open;
    if (open) position();
  }, [open, position, tip]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    // A tap or click anywhere else closes a pinned tip.
    const onDown = (e: globalThis.PointerEvent) => {
      const target = e.target as Node | null;
      if (!button.current?.contains(target) && !tip.current?.contains(target)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    window.addEventListener('scroll', position, true);
    window.addEventListener('resize', position);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
      window.removeEventListener('scroll', position, true);
      window.removeEventListener('resize', position);
    };
  }, [open, close, position, tip]);

  if (!term) return <>{children}</>;
  // Only a mouse hovers: a touch's emulated hover would open the tip and its tap close it.
  const mouse = (set: (v: boolean) => void, v: boolean) => (e: PointerEvent) => {
    if (e.pointerType === 'mouse') set(v);
  };
  return (
    <button
      ref={button}
      type="button"
      className="term"
      aria-describedby={tipId}
      aria-expanded={open}
      data-term={term.id}
      // A click or tap pins it, or closes a pinned one; closed, it stays closed until the next
      // hover or focus. A hover that opened it first does not turn the click into a close.
      onClick={() => (pinned ? close() : setPinned(true))}
      onFocus={(e) => {
        // Keyboard focus shows it; the focus a click or tap gives leaves that to the click.
        if (e.currentTarget.matches(':focus-visible')) setFocused(true);
      }}
      onBlur={() => setFocused(false)}
      onPointerEnter={mouse(setHoverTerm, true)}
      onPointerLeave={mouse(setHoverTerm, false)}
    >
      {children}
    </button>
  );
}

/**
 * The tip, made by hand at the end of <body> (views use React, not react-dom's portals): the
 * term's name, definition and paper, hidden until shown. A mouse over it keeps it open, so the
 * pointer can move from the word onto the text.
 */
function useTipElement(
  term: GlossaryTerm | undefined,
  lang: GlossaryLang,
  id: string,
  setHover: (hover: boolean) => void,
): RefObject<HTMLSpanElement | null> {
  const ref = useRef<HTMLSpanElement | null>(null);
  useLayoutEffect(() => {
    if (!term) return;
    const tip = document.createElement('span');
    tip.id = id;
    tip.setAttribute('role', 'tooltip');
    tip.className = 'term-tip';
    tip.dataset['testid'] = 'term-tip';
    tip.hidden = true;
    const name = document.createElement('strong');
    name.className = 'term-tip-name';
    name.textContent = `${term.term}:`;
    const source = document.createElement('span');
    source.className = 'term-tip-source';
    source.textContent = sourceLine(term, lang);
    tip.append(name, ` ${term.definition} `, source);
    const enter = (e: globalThis.PointerEvent) => e.pointerType === 'mouse' && setHover(true);
    const leave = (e: globalThis.PointerEvent) => e.pointerType === 'mouse' && setHover(false);
    tip.addEventListener('pointerenter', enter);
    tip.addEventListener('pointerleave', leave);
    document.body.append(tip);
    ref.current = tip;
    return () => {
      tip.remove();
      ref.current = null;
    };
  }, [term, lang, id, setHover]);
  return ref;
}
