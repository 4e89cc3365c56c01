import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { ModelInfo, ParamValue } from '../models/types';
import {
  presetParams,
  selectedPresetId,
  type LinkMode,
  type Scenario,
  type View,
} from '../scenario';
import { navigate, stepHistory, useLocationHash } from './location';
import type { ModelSession } from './modelSession';
import { scenarioHash } from './scenarioLink';

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

export { GESTURE_MS } from './modelSession';

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

/**
 * What a model page does besides a step: reset, undo and redo through the browser's history,
 * compare. A step (`setParam`) is the session's (src/state/modelSession.ts): the scenario in
 * memory, the link written when the gesture ends. Each deliberate action first writes the
 * gesture under way (`flush`), so that it is an undo step of its own. The callbacks are
 * stable (they read the session's scenario), so a step re-renders only what shows it.
 */
export function useScenarioActions(
  model: ModelInfo,
  session: ModelSession,
  mode?: LinkMode | View,
  nav?: ScenarioNav,
): ScenarioActions {
  const { prevHash, nextHash } = useLocationHash();
  const modeNow: LinkMode = typeof mode === 'string' ? { view: mode } : (mode ?? {});
  const latestView = useRef(modeNow);
  const latestNav = useRef(nav);
  useLayoutEffect(() => {
    latestView.current = modeNow;
    latestNav.current = nav;
  });
  const hashFor = useCallback((s: Scenario, m: LinkMode) => {
    const n = latestNav.current;
    return n ? n.hashOf(s, m.view) : scenarioHash(s, m);
  }, []);
  const setParam = session.setParam;
  /** The scenario now, its gesture under way written first (an undo step of its own). */
  const settled = useCallback(() => {
    session.flush();
    session.newEntry();
    return session.current();
  }, [session]);
  const reset = useCallback(() => {
    const current = settled();
    const base = latestNav.current?.base;
    if (base) {
      navigate(hashFor(base, latestView.current), { replace: false });
      return;
    }
    // The same base paramsDifferingFromPreset compares with, so afterwards nothing differs.
    const params = presetParams(model, selectedPresetId(model, current.params));
    navigate(scenarioHash({ ...current, params }, latestView.current), { replace: false });
  }, [model, hashFor, settled]);
  const canUndo = nav ? nav.owns(prevHash) : modelOfHash(prevHash) === model.id;
  const canRedo = nav ? nav.owns(nextHash) : modelOfHash(nextHash) === model.id;
  const undo = useCallback(() => {
    if (!canUndo) return;
    settled();
    stepHistory(-1, (hash) => withView(hash, latestView.current.view));
  }, [canUndo, settled]);
  const redo = useCallback(() => {
    if (!canRedo) return;
    settled();
    stepHistory(1, (hash) => withView(hash, latestView.current.view));
  }, [canRedo, settled]);
  const pin = useCallback(() => {
    const b = settled();
    navigate(scenarioHash(b, { ...latestView.current, pinned: b.params }), { replace: false });
  }, [settled]);
  const unpin = useCallback(() => {
    const b = settled();
    const { pinned: _, ...rest } = latestView.current;
    navigate(scenarioHash(b, rest), { replace: false });
  }, [settled]);
  const swap = useCallback(() => {
    const a = latestView.current.pinned;
    if (!a) return;
    const b = settled();
    navigate(scenarioHash({ ...b, params: a }, { ...latestView.current, pinned: b.params }), {
      replace: false,
    });
  }, [settled]);
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
