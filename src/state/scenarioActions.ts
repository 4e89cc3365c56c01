import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { ModelInfo, ParamValue } from '../models/types';
import {
  presetParams,
  presetScenario,
  selectedPresetId,
  type LinkMode,
  type Scenario,
  type View,
} from '../scenario';
import { navigate, stepHistory, useLocationHash } from './location';
import { scenarioHash } from './scenarioLink';
import { prefetchTables } from './useScenarioResults';
import { parseHash } from './useRoute';

// What a model page does to its link: set a parameter (one drag, one undo step), reset, undo
// and redo through the browser's history, compare, and the view. Reading the link is useRoute.ts.

/**
 * Where a model page's changes go when it is not the model's own page (a lesson step): the
 * hash for a scenario, whether a history entry is this page's (for undo and redo), and the
 * scenario Reset returns to.
 */
export interface ScenarioNav {
  hashOf: (scenario: Scenario, view: View | undefined) => string;
  owns: (hash: string | null) => boolean;
  /** What Reset goes back to, and what "changed" is measured against. */
  base: Scenario;
}

export interface ScenarioActions {
  /**
   * One parameter changed. `replace: true` (a slider, a number typed) lets it join the change
   * just before it to the same parameter — one drag, one typed number is one undo step —
   * while the pointer is held or within GESTURE_MS; otherwise it is a new history entry.
   */
  setParam: (key: string, value: ParamValue, how: { replace: boolean }) => void;
  /** Back to the selected paper table's experiment (or the defaults); a new history entry. */
  reset: () => void;
  /** Undo: one history entry back, when it is this model's (the view stays as it is now). */
  undo: () => void;
  /** Redo: one history entry forward, when it is this model's. */
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
  /** Compare: pin the current scenario as A (the controls then change B); a new history entry. */
  pin: () => void;
  /** Stop comparing: B stays; a new history entry. */
  unpin: () => void;
  /** A and B change places. */
  swap: () => void;
}

/** Changes to one parameter closer together than this are one undo step. */
export const GESTURE_MS = 1000;

/** The model id a hash is for (`#/file-access?…` → `file-access`); '' for the home page. */
export function modelOfHash(hash: string | null): string | null {
  if (hash === null) return null;
  const m = /^#\/([^?/&#]*)/.exec(hash);
  return m ? decodeURIComponent(m[1] ?? '') : '';
}

/** `hash` with its view set to `view` (removed when undefined). */
export function withView(hash: string, view: View | undefined): string {
  const q = hash.indexOf('?');
  if (q < 0) return view ? `${hash}?view=${view}` : hash;
  const kept = hash
    .slice(q + 1)
    .split('&')
    .filter((pair) => pair !== '' && pair.split('=')[0] !== 'view');
  if (view) kept.push(`view=${view}`);
  return `${hash.slice(0, q)}?${kept.join('&')}`;
}

/** Whether a pointer (mouse, pen, finger) is held down: a drag in progress. */
let pointerHeld = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', () => (pointerHeld = true), true);
  for (const type of ['pointerup', 'pointercancel'])
    window.addEventListener(type, () => (pointerHeld = false), true);
}

/**
 * Controls change the scenario only by writing the URL; the route then flows back down.
 * The callbacks are stable (they read the latest scenario from a ref), so a slider step
 * re-renders only the control that moved, not all of them.
 */
export function useScenarioActions(
  model: ModelInfo,
  scenario: Scenario,
  mode?: LinkMode | View,
  nav?: ScenarioNav,
): ScenarioActions {
  const { prevHash, nextHash } = useLocationHash();
  const latest = useRef(scenario);
  const modeNow: LinkMode = typeof mode === 'string' ? { view: mode } : (mode ?? {});
  const latestView = useRef(modeNow);
  const latestNav = useRef(nav);
  useLayoutEffect(() => {
    latest.current = scenario;
    latestView.current = modeNow;
    latestNav.current = nav;
  });
  /** The hash of a scenario on this page: the model's own, or the lesson step's. */
  const hashFor = useCallback((s: Scenario, m: LinkMode) => {
    const n = latestNav.current;
    return n ? n.hashOf(s, m.view) : scenarioHash(s, m);
  }, []);
  /** The last change written: the parameter, when, and the hash it wrote. */
  const gesture = useRef<{ key: string; at: number; hash: string } | null>(null);

  const setParam = useCallback(
    (key: string, value: ParamValue, { replace }: { replace: boolean }) => {
      const viewNow = latestView.current;
      // Choosing another paper table loads that table's experiment, as its doc says.
      if (key === model.presetParam && model.presets.some((p) => p.id === value)) {
        gesture.current = null;
        navigate(hashFor(presetScenario(model, String(value)), viewNow), { replace: false });
        return;
      }
      const current = latest.current;
      const next = { ...current, params: { ...current.params, [key]: value } };
      // The ref is ahead of the next render, so two steps within one frame both count.
      latest.current = next;
      const hash = hashFor(next, viewNow);
      // The tables worker starts now, while React renders the moved control; the results
      // hook's request for this scenario joins this one (src/state/labClient.ts).
      const parsed = latestNav.current ? null : parseHash(hash).scenario;
      if (parsed) prefetchTables(parsed);
      const now = performance.now();
      const last = gesture.current;
      const joins =
        replace &&
        last !== null &&
        last.key === key &&
        last.hash === location.hash &&
        (pointerHeld || now - last.at < GESTURE_MS);
      gesture.current = replace ? { key, at: now, hash } : null;
      navigate(hash, { replace: joins });
    },
    [model, hashFor],
  );
  const reset = useCallback(() => {
    gesture.current = null;
    const base = latestNav.current?.base;
    if (base) {
      navigate(hashFor(base, latestView.current), { replace: false });
      return;
    }
    // The same base paramsDifferingFromPreset compares with, so afterwards nothing differs.
    const current = latest.current;
    const params = presetParams(model, selectedPresetId(model, current.params));
    navigate(scenarioHash({ ...current, params }, latestView.current), { replace: false });
  }, [model, hashFor]);
  const canUndo = nav ? nav.owns(prevHash) : modelOfHash(prevHash) === model.id;
  const canRedo = nav ? nav.owns(nextHash) : modelOfHash(nextHash) === model.id;
  const undo = useCallback(() => {
    if (!canUndo) return;
    gesture.current = null;
    stepHistory(-1, (hash) => withView(hash, latestView.current.view));
  }, [canUndo]);
  const redo = useCallback(() => {
    if (!canRedo) return;
    gesture.current = null;
    stepHistory(1, (hash) => withView(hash, latestView.current.view));
  }, [canRedo]);
  const pin = useCallback(() => {
    gesture.current = null;
    const b = latest.current;
    navigate(scenarioHash(b, { ...latestView.current, pinned: b.params }), { replace: false });
  }, []);
  const unpin = useCallback(() => {
    gesture.current = null;
    const { pinned: _, ...rest } = latestView.current;
    navigate(scenarioHash(latest.current, rest), { replace: false });
  }, []);
  const swap = useCallback(() => {
    const a = latestView.current.pinned;
    if (!a) return;
    gesture.current = null;
    const b = latest.current;
    navigate(scenarioHash({ ...b, params: a }, { ...latestView.current, pinned: b.params }), {
      replace: false,
    });
  }, []);
  return { setParam, reset, undo, redo, canUndo, canRedo, pin, unpin, swap };
}

/** The page's view changed (projector on or off): the same entry, another hash. */
export function setView(hash: string, view: View | undefined): void {
  navigate(withView(hash, view), { replace: true });
}

/**
 * Ctrl+Z (⌘Z) undoes, Shift+Ctrl+Z (⇧⌘Z) and Ctrl+Y redo, unless focus is in a text field,
 * where they stay the field's own.
 */
export function useUndoKeys(undo: () => void, redo: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || isTextField(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 'z') {
        e.preventDefault();
        if (e.shiftKey) redo();
        else undo();
      } else if (key === 'y' && !e.shiftKey) {
        e.preventDefault();
        redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
}

const NOT_TEXT = new Set([
  'range',
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'color',
  'file',
]);

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !NOT_TEXT.has(target.type);
}
