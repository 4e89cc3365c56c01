import { lazy } from 'react';

// The page's parts that load after it, each its own chunk.

/** Lazy: the results-document buttons stay out of the initial bundle. */
export const ResultsJson = lazy(() =>
  import('../ResultsJson').then((m) => ({ default: m.ResultsJson })),
);

/** Only for a link made with an older model version: its own chunk. */
export const VersionChange = lazy(() =>
  import('../VersionChange').then((m) => ({ default: m.VersionChange })),
);

/** The controls come after the results, so their code loads after the page's. */
export const Controls = lazy(() => import('../Controls').then((m) => ({ default: m.Controls })));

/** Compare mode's parameter differences and difference tables: only for a compare link. */
export const ComparePanel = lazy(() =>
  import('../ComparePanel').then((m) => ({ default: m.ComparePanel })),
);

/** The embed snippet builder, once asked for. */
export const EmbedPanel = lazy(() =>
  import('../EmbedPanel').then((m) => ({ default: m.EmbedPanel })),
);

/** An embed's read-only parameter values (`controls=read`). */
export const ParamReadout = lazy(() =>
  import('../ParamReadout').then((m) => ({ default: m.ParamReadout })),
);

/** The explore strip (a knob, its headline cells and its sweep), after the page. */
export const ExploreStrip = lazy(() =>
  import('../explore/ExploreStrip').then((m) => ({ default: m.ExploreStrip })),
);

/** "What changed and why": only after a change. */
export const ChangeSummary = lazy(() =>
  import('../explore/ChangeSummary').then((m) => ({ default: m.ChangeSummary })),
);

/**
 * What is under the charts: the model's own panels, then the collapsed sections (which
 * parameters matter most, the regime map; each panel loads again apart, when opened).
 */
export const BelowResults = lazy(() =>
  import('../explore/BelowResults').then((m) => ({ default: m.BelowResults })),
);
