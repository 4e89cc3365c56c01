import { useEffect, useMemo, useRef } from 'react';
import { findModelInfo } from '../models/registry';
import type { ModelInfo } from '../models/types';
import { parsePermalink, type LinkMode, type Problem, type Scenario, type View } from '../scenario';
import { replaceLongLink, useLocationHash } from './location';
import { isLessons, lessonOfHash } from './lessonLink';
import { classOfHash, type ClassRole } from './classLink';
import { LINK_WORKER_CHARS, readLink, useLinkReadings } from './linkParse';
import { scenarioHash } from './scenarioLink';

export { LESSONS_HASH, lessonHash, lessonOfHash } from './lessonLink';

export type Route =
  | { page: 'home' }
  | { page: 'predictions' }
  | { page: 'machine' }
  | { page: 'lessons' }
  | { page: 'lesson'; lessonId: string; step: number; reveal: boolean; changes?: string }
  | { page: 'model'; model: ModelInfo; scenario: Scenario }
  | { page: 'class'; code: string; role: ClassRole }
  | { page: 'glossary'; term?: string }
  /** A link to no page of the app (an unknown model, a mistyped route). */
  | { page: 'notfound'; hash: string }
  /** A long link from outside, read in a worker, on a first load (nothing to show before it). */
  | { page: 'loading'; chars: number };

/** Pages that are not a model: their hash, exactly (a query after it is ignored). */
export const PREDICTIONS_HASH = '#/predictions';
const isPredictions = (hash: string) =>
  hash === PREDICTIONS_HASH || hash.startsWith(`${PREDICTIONS_HASH}?`);
/** Your machine: each paper's claim predicted here, then measured (src/views/machine). */
const isMachine = (hash: string) => hash === '#/machine' || hash.startsWith('#/machine?');
/** The glossary: `#/glossary`, or `#/glossary/<term id>` scrolled to that term. */
export const GLOSSARY_HASH = '#/glossary';
const glossaryOf = (hash: string): { term?: string } | null => {
  const m = /^#\/glossary(?:\/([a-z0-9-]{1,64}))?\/?(?:\?.*)?$/.exec(hash);
  return m ? (m[1] ? { term: m[1] } : {}) : null;
};
/** A scenario link read by the codec (a lesson step's): its model, scenario and problems. */
export function readScenarioLink(link: string): {
  model: ModelInfo | undefined;
  scenario: Scenario | null;
  problems: string[];
  said: Problem[];
} {
  const { scenario, problems } = parsePermalink(link);
  return {
    model: scenario ? findModelInfo(scenario.modelId) : undefined,
    scenario,
    problems: problems.map((p) => (p.param ? `${p.param}: ${p.message}` : p.message)),
    said: problems,
  };
}

/** Pages that are not a model: their links are never checked by the permalink codec. */
const isOwnPage = (hash: string) =>
  isPredictions(hash) ||
  isMachine(hash) ||
  glossaryOf(hash) !== null ||
  isLessons(hash) ||
  lessonOfHash(hash) !== null ||
  classOfHash(hash) !== null;

/** `view=projector` after a page's hash that the permalink codec does not read. */
const viewOfQuery = (hash: string): View | undefined =>
  /[?&]view=projector(&|$)/.test(hash) ? 'projector' : undefined;

export interface RouteState {
  route: Route;
  /** Problems of the link that was last opened from outside (they stay until another one is). */
  problems: Problem[];
  /** Identifies that link, so a dismissed banner stays dismissed only for it. */
  problemsKey: string;
  /** How the page is shown (`view=projector` in the link); undefined: normally. */
  view: View | undefined;
  /** The link's view, an embed's controls and a pinned scenario A (a model page's only). */
  mode: LinkMode;
  /**
   * Characters of a long link being read in the worker (src/state/linkParse.ts) while the page
   * still shows the route before it; null when there is none.
   */
  readingChars: number | null;
}

/** URL → validated scenario. Parsing is memoized on the hash; the codec never throws. */
export function useRoute(): RouteState {
  const { hash, externalHash } = useLocationHash();
  const landed = useLinkReadings();
  const shown = useRef<{ route: Route; mode: LinkMode } | null>(null);
  const computed = useMemo((): { route: Route; mode: LinkMode } | null => {
    const own = { view: viewOfQuery(hash) };
    if (isPredictions(hash)) return { route: { page: 'predictions' }, mode: own };
    if (isMachine(hash)) return { route: { page: 'machine' }, mode: own };
    if (isLessons(hash)) return { route: { page: 'lessons' }, mode: own };
    const glossary = glossaryOf(hash);
    if (glossary) return { route: { page: 'glossary', ...glossary }, mode: own };
    const lesson = lessonOfHash(hash);
    if (lesson) return { route: { page: 'lesson', ...lesson }, mode: own };
    const room = classOfHash(hash);
    if (room) return { route: { page: 'class', ...room }, mode: own };
    // A long link from outside is read in the worker: null until it lands.
    const reading = readLink(hash || '#/', hash === externalHash);
    if (!reading) return null;
    const { scenario, view, controls, compare, part } = reading;
    const model = scenario ? findModelInfo(scenario.modelId) : undefined;
    if (!(scenario && model)) {
      const home = hash === '' || hash === '#' || hash === '#/' || hash.startsWith('#/?');
      return { route: home ? { page: 'home' } : { page: 'notfound', hash }, mode: { view } };
    }
    return {
      route: { page: 'model', model, scenario },
      mode: { view, controls, part, pinned: compare },
    };
    // `landed`: a worker's reading has come; `externalHash`: whether this link came from outside.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash, externalHash, landed]);
  // While a long link is read, the page stays as it was (or says it is reading, at first).
  if (computed) shown.current = computed;
  const { route, mode } = computed ??
    shown.current ?? { route: { page: 'loading', chars: hash.length }, mode: { view: undefined } };
  const view = mode.view;
  const problems = useMemo(
    () => (isOwnPage(externalHash) ? [] : (readLink(externalHash || '#/', true)?.problems ?? [])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `landed`: a reading came
    [externalHash, landed],
  );
  // A long link from outside, read: the address becomes its scenario's short link.
  const canonical =
    computed?.route.page === 'model' && hash === externalHash && hash.length > LINK_WORKER_CHARS
      ? scenarioHash(computed.route.scenario, computed.mode)
      : null;
  useEffect(() => {
    if (canonical === null || canonical.length > LINK_WORKER_CHARS) return;
    // In a task of its own: the page has just rendered the reading, and the address's
    // replacement renders once more (issue 37: no task over 50 ms).
    const t = setTimeout(() => replaceLongLink(hash, canonical), 0);
    return () => clearTimeout(t);
  }, [hash, canonical]);
  return {
    route,
    problems,
    problemsKey: externalHash,
    view,
    mode,
    readingChars: computed ? null : hash.length,
  };
}
