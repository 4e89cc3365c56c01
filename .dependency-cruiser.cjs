/**
 * The layer table of src/README.md as dependency-cruiser rules: which folder may import which,
 * and how (any import, types only, or only a model's declarations), which packages each may
 * use, and no import cycle. `npm run lint` runs it; tests/unit/layers.test.ts runs it too, and
 * on its graph checks what the main thread and the workers load.
 */

/** Each layer's files. `app` is src/App.tsx, src/main.tsx, … (files directly in src/). */
const LAYER_PATHS = {
  models: '^src/models/',
  papers: '^src/papers/',
  lessons: '^src/lessons/',
  class: '^src/class/',
  format: '^src/format/',
  compare: '^src/compare/',
  scenario: '^src/scenario/',
  state: '^src/state/',
  charts: '^src/charts/',
  views: '^src/views/',
  workers: '^workers/',
  app: '^src/[^/]+$',
  hosting: '^src/hosting/',
};

/**
 * What a model exposes to the main thread: its declarations (the registry, types, define.ts,
 * stats.ts, each model's info.ts and entry.ts, with its baselines) and a live measurement's timing loops (live.ts). Everything
 * else under models/ is mechanism, which only workers/, scripts/ and tests load.
 */
const DECLARATIONS =
  '^src/models/(registry|types|define|stats)\\.ts$|^src/models/[^/]+/(info|entry|baseline|live)\\.ts$';

/** How a layer may import another: `any`, `types` (type-only imports), `declarations`. */
const LAYERS = {
  models: { may: {}, packages: null },
  papers: { may: {}, packages: null },
  lessons: { may: {}, packages: null },
  class: { may: {}, packages: 'valibot' },
  format: { may: {}, packages: null },
  compare: { may: { models: 'any', papers: 'any' }, packages: null },
  scenario: { may: { models: 'declarations' }, packages: 'valibot' },
  state: {
    may: { scenario: 'any', models: 'declarations', compare: 'types', workers: 'types' },
    packages: 'react|comlink',
  },
  charts: {
    may: { models: 'types', compare: 'types', format: 'any' },
    packages: 'react|d3-[a-z]+',
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
      // A worker entry's values would bring its model onto the main thread; its types are fine.
      workers: 'not-worker-entries',
    },
    packages: 'react|comlink',
  },
  workers: { may: { models: 'any', compare: 'any', scenario: 'any' }, packages: 'comlink' },
  app: { may: { state: 'any', views: 'any' }, packages: 'react|react-dom' },
  hosting: { may: {}, packages: null },
};

/**
 * The folders around the app. Runtime code (the app, its workers, the class server) never
 * imports the scripts or the tests, and the app never imports the server; the scripts (CLI,
 * bench, fits, screenshots) never import the tests. What both sides need (a browser for the
 * bench and the browser tests, a free port, the class server as a process) is in scripts/lib/,
 * which the tests may import. The server reads the app's wire format, lessons and papers, not
 * its pages or its mechanisms.
 */
const OUTER = [
  ['runtime-never-imports-scripts-or-tests', '^(src|workers|server)/', '^(scripts|tests)/'],
  ['app-never-imports-the-server', '^(src|workers)/', '^server/'],
  ['scripts-never-import-tests', '^scripts/', '^tests/'],
  ['server-never-imports-pages-or-mechanisms', '^server/', '^(src/(views|charts|state)|workers)/'],
];

const TYPE_ONLY = ['type-only'];
const PACKAGE_TYPES = ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'core'];

function layerRules(name, { may, packages }) {
  const from = { path: LAYER_PATHS[name] };
  const others = Object.keys(LAYER_PATHS).filter((l) => l !== name && may[l] === undefined);
  const rules = [];
  if (others.length)
    rules.push({
      name: `${name}-imports-only-its-row`,
      comment: `${name}/ may import only ${Object.keys(may).join(', ') || 'itself'} (src/README.md).`,
      severity: 'error',
      from,
      to: { path: others.map((l) => LAYER_PATHS[l]).join('|') },
    });
  for (const [to, how] of Object.entries(may)) {
    if (how === 'any') continue;
    const target =
      how === 'declarations'
        ? { path: LAYER_PATHS[to], pathNot: DECLARATIONS }
        : how === 'not-worker-entries'
          ? { path: '^workers/.*\\.worker\\.ts$' }
          : { path: LAYER_PATHS[to] };
    rules.push({
      name: `${name}-${to}-${how}`,
      comment: `${name}/ may import ${to}/ only as ${how === 'types' ? 'types' : `${how} (or types)`}.`,
      severity: 'error',
      from,
      to: { ...target, dependencyTypesNot: TYPE_ONLY },
    });
  }
  rules.push({
    name: `${name}-packages`,
    comment: `${name}/ may use ${packages ? `only the packages ${packages}` : 'no package'}.`,
    severity: 'error',
    from: name === 'models' ? { ...from, pathNot: '^src/models/fit\\.ts$' } : from,
    to: {
      dependencyTypes: PACKAGE_TYPES,
      ...(packages ? { pathNot: `^node_modules/(${packages})/` } : {}),
    },
  });
  return rules;
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle in src/ or workers/ (type-only imports included).',
      severity: 'error',
      from: { path: '^(src|workers)/' },
      to: { circular: true },
    },
    ...Object.entries(LAYERS).flatMap(([name, layer]) => layerRules(name, layer)),
    ...OUTER.map(([name, from, to]) => ({
      name,
      comment: `${name.replaceAll('-', ' ')} (src/README.md, "Outside src/").`,
      severity: 'error',
      from: { path: from },
      to: { path: to },
    })),
    {
      name: 'calibration-packages',
      comment: 'The calibrations’ statistics (src/models/fit.ts) may use ml-matrix, nothing else.',
      severity: 'error',
      from: { path: '^src/models/fit\\.ts$' },
      to: { dependencyTypes: PACKAGE_TYPES, pathNot: '^node_modules/ml-matrix/' },
    },
    {
      name: 'resolvable',
      comment: 'Every import resolves (the PWA plugin’s virtual module excepted).',
      severity: 'error',
      from: { path: '^(src|workers)/' },
      to: { couldNotResolve: true, pathNot: '^virtual:pwa-register$' },
    },
  ],
  options: {
    // `import type` is an edge too (a cycle of types is still a cycle), marked type-only.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.d\\.ts$' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
