import { useMemo, useState } from 'react';
import type { ComparedTable } from '../compare/types';
import type { ParamValues } from '../models/types';

export interface ChangeBase {
  /** The parameters before the change, and their tables. */
  params: ParamValues;
  tables: ComparedTable[];
  /** The parameters that differ between then and now. */
  changed: string[];
}

interface Shown {
  params: ParamValues;
  tables: ComparedTable[];
}

export interface ChangeTrack {
  params: ParamValues;
  /** The last tables on screen that were the scenario's own. */
  shown: Shown | null;
  /** Where the current gesture began. */
  base: Shown | null;
  /** The one knob the current gesture moves, or null. */
  gesture: string | null;
}

const differing = (a: ParamValues, b: ParamValues) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== b[k]);

/**
 * One step of the "before" of "what changed and why": the scenario as it was before the
 * current gesture. A drag of one knob is one gesture, so each of its steps compares with where
 * the drag began; touching another knob (or undo, reset, a preset) starts a new gesture whose
 * "before" is the scenario as last shown. `tables` are those on screen; `current` says they are
 * the scenario's own (they lag it while a run is under way). Returns `track` itself when
 * nothing changed.
 */
export function advanceChange(
  track: ChangeTrack,
  params: ParamValues,
  tables: ComparedTable[] | null,
  current: boolean,
): ChangeTrack {
  let next = track;
  if (track.params !== params) {
    const keys = differing(track.params, params);
    const sameGesture = keys.length === 1 && keys[0] === track.gesture;
    // Equal values in a new object (a link parsed again) are no change: `track` stays.
    if (keys.length > 0)
      next = sameGesture
        ? { ...track, params }
        : { ...track, params, base: track.shown, gesture: keys.length === 1 ? keys[0]! : null };
  }
  if (tables && current && next.shown?.tables !== tables)
    next = { ...next, shown: { params, tables } };
  return next;
}

/** The change since the gesture began, or null when there is none (yet). */
export function changeBase(track: ChangeTrack): ChangeBase | null {
  if (!track.base) return null;
  const changed = differing(track.base.params, track.params);
  return changed.length > 0 ? { ...track.base, changed } : null;
}

export function useChangeBase(
  params: ParamValues,
  tables: ComparedTable[] | null,
  current: boolean,
): ChangeBase | null {
  const [track, setTrack] = useState<ChangeTrack>(() => ({
    params,
    shown: null,
    base: null,
    gesture: null,
  }));
  const next = advanceChange(track, params, tables, current);
  // Adjusting state while rendering (React's pattern for state derived from changing props).
  if (next !== track) setTrack(next);
  // The same object while the track holds: what reads it is drawn again only when it changes.
  return useMemo(() => changeBase(next), [next]);
}
