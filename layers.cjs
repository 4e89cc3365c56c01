/**
 * The layers, stated once: which folder may import which, how, and which packages. Data only:
 * eslint.config.js (per-file `no-restricted-imports` on the import's text) and
 * .dependency-cruiser.cjs (on the resolved graph, with dynamic and type-only imports, and no
 * cycle) are both made from it; docs/architecture.md explains it. `tests/unit/layers.test.ts` checks
 * both against the planted violations of tests/fixtures/layers/.
 */

/** Each layer's files (`app`: src/App.tsx, src/main.tsx, … directly in src/). */
const LAYER_PATHS = {
  // A model's folder but its view/, tools/ and workers/ (below): its mechanism and declarations.
  models: '^src/models/(?![^/]+/(view|tools|workers)/)',
  papers: '^src/papers/',
  lessons: '^src/lessons/',
  class: '^src/class/',
  format: '^src/format/',
  compare: '^src/compare/',
  scenario: '^src/scenario/',
  state: '^src/state/',
  charts: '^src/charts/',
  views: '^src/views/',
  /** A model's own views and panels (src/models/<id>/view/), found by src/views/extras.tsx. */
  modelViews: '^src/models/[^/]+/view/',
  /** A model's own scripts (src/models/<id>/tools/: fit, folds, bench), found by scripts/lib/model-tools.ts. */
  modelTools: '^src/models/[^/]+/tools/',
  workers: '^workers/',
  /** A model's own live workers (src/models/<id>/workers/), started by its view/ by URL. */
  modelWorkers: '^src/models/[^/]+/workers/',
  app: '^src/[^/]+$',
  hosting: '^src/hosting/',
  machine: '^src/machine/',
  i18n: '^src/i18n/',
};

/**
 * What a model exposes to the main thread: its declarations (the registry, types, define.ts,
 * stats.ts, each model's info.ts and entry.ts with its baselines) and a live measurement's
 * timing loops (live.ts). Everything else under models/ is mechanism, which only workers/,
 * scripts/ and tests load.
 */
const DECLARATIONS = ['registry', 'types', 'define', 'stats', '[^/]+/(info|entry|baseline|live)'];

/**
 * How a layer may import another: `any`, `types` (type-only imports), `declarations` (a model's
 * declarations, above, or types; never the registry's loaders), `not-worker-entries` (a worker
 * entry's types, not its values). `packages`: the only packages it may use (a regex), none
 * (null), or any (true: node's own and the dev packages, as scripts/).
 * `why`: said when a rule is broken.
 */
const LAYERS = {
  models: { may: {}, packages: null, why: 'Models are pure TypeScript and never read the papers.' },
  papers: { may: { models: 'types' }, packages: null, why: 'Papers hold measured values only.' },
  lessons: { may: {}, packages: null, why: 'Lessons are data.' },
  class: { may: {}, packages: 'valibot', why: 'class/ is the wire format, shared with server/.' },
  format: { may: {}, packages: null, why: 'format/ is shared by views and charts.' },
  compare: { may: { models: 'any', papers: 'any' }, packages: null, why: 'compare/ joins.' },
  scenario: {
    may: { models: 'declarations' },
    packages: 'valibot',
    why: 'scenario/ reads models through the registry’s declarations.',
  },
  state: {
    // i18n: the page's language, which the links it writes carry (src/i18n/pageLang.ts).
    may: {
      scenario: 'any',
      models: 'declarations',
      compare: 'types',
      workers: 'types',
      i18n: 'any',
    },
    packages: 'react|comlink',
    why: 'state/ starts a worker by URL and never runs a model.',
  },
  charts: {
    may: { models: 'types', compare: 'types', scenario: 'types', format: 'any', i18n: 'any' },
    packages: 'react|d3-[a-z]+|chart2music',
    why: 'Charts receive ready-made data; chart2music walks and plays them.',
  },
  views: {
    may: {
      models: 'declarations',
      papers: 'any',
      lessons: 'any',
      class: 'any',
      compare: 'any',
      scenario: 'any',
      state: 'any',
      charts: 'any',
      format: 'any',
      workers: 'not-worker-entries',
      // Your machine: the main-thread check (tests/unit/layers.test.ts) keeps mechanisms out.
      machine: 'any',
      i18n: 'any',
    },
    packages: 'react|comlink',
    why: 'Views never run a model: the mechanism runs in a worker.',
  },
  modelViews: {
    may: {
      models: 'declarations',
      papers: 'any',
      compare: 'types',
      scenario: 'any',
      state: 'any',
      charts: 'any',
      format: 'any',
      views: 'any',
      workers: 'not-worker-entries',
      // Its own live workers, started by URL (their API's types), and Your machine's claims.
      modelWorkers: 'not-worker-entries',
      machine: 'types',
      i18n: 'any',
    },
    packages: 'react|comlink',
    why: 'A model’s view/ is its page side: it never runs the mechanism on the main thread.',
  },
  modelTools: {
    // And scripts/lib/ (OUTER, below): the node helpers scripts and tests share. Not papers/:
    // the shared scripts hand a model's tools the tables (PublishedTables, models/types.ts).
    may: { models: 'any', compare: 'any', scenario: 'any', machine: 'types' },
    packages: true,
    why: 'A model’s tools are its scripts, run by node or by the shared scripts, never by the app.',
  },
  workers: {
    may: { models: 'any', compare: 'any', scenario: 'any', machine: 'any' },
    packages: 'comlink',
    why: 'A worker entry runs models and does nothing else.',
  },
  modelWorkers: {
    may: { models: 'any', compare: 'any', scenario: 'any', workers: 'not-worker-entries' },
    packages: 'comlink',
    why: 'A model’s live worker runs its live code and does nothing else (as workers/).',
  },
  app: {
    may: { state: 'any', views: 'any', i18n: 'any' },
    packages: 'react|react-dom',
    why: 'The app root.',
  },
  i18n: {
    may: { lessons: 'any', papers: 'any', format: 'any', scenario: 'any' },
    packages: 'react|intl-messageformat|@formatjs/icu-messageformat-parser',
    why: 'i18n/ holds the languages, their catalogues and the provider.',
  },
  hosting: { may: {}, packages: null, why: 'The headers are data for the build and the server.' },
  machine: {
    may: { models: 'any', papers: 'any', compare: 'any' },
    packages: null,
    why: 'Your machine: calibration and prediction, pure TypeScript run in workers.',
  },
};

/** One file of a layer with more packages than its layer (the calibrations' statistics). */
const PACKAGE_EXCEPTIONS = { 'src/models/fit.ts': 'ml-matrix' };

/** A model's tools/ (LAYER_PATHS.modelTools), as a folder of the rules below. */
const MODEL_TOOLS = 'src/models/[^/]+/tools';

/**
 * The folders around the app: [rule, from folders, to folders, from folders excepted]. Runtime
 * code (the app, its workers, the class server) never imports the scripts, the tests or a
 * model's tools, and the app never imports the server; the scripts (CLI, bench, fits,
 * screenshots) and a model's tools never import the tests, and a model's tools take of
 * scripts/ only scripts/lib/. What both
 * sides need (a browser, a free port, the class server as a process) is in scripts/lib/, which
 * the tests may import. The server reads the app's wire format, lessons and papers, not its
 * pages or its mechanisms.
 */
const OUTER = [
  [
    'runtime-never-imports-scripts-or-tests',
    ['src', 'workers', 'server'],
    ['scripts', 'tests', MODEL_TOOLS],
    [MODEL_TOOLS],
  ],
  ['app-never-imports-the-server', ['src', 'workers'], ['server']],
  ['scripts-never-import-tests', ['scripts'], ['tests']],
  ['model-tools-import-only-scripts-lib', [MODEL_TOOLS], ['scripts(?!/lib/)', 'tests']],
  [
    'server-never-imports-pages-or-mechanisms',
    ['server'],
    ['src/views', 'src/charts', 'src/state', 'workers', 'src/models/[^/]+/workers'],
  ],
];

module.exports = { LAYER_PATHS, DECLARATIONS, LAYERS, PACKAGE_EXCEPTIONS, OUTER };
