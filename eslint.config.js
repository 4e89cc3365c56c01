import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// ---------------------------------------------------------------------------------------------
// Layers: src/README.md's table. One block per folder says what it must not import, matched on
// the import's text: another folder is reached by going up first (`../views/x`, `../src/views`).
// `allowTypeImports`: `import type` (erased at build) passes where only values are banned.
// `no-restricted-imports` does not see `import('…')`: views/, the one folder that uses it, has a
// `no-restricted-syntax` twin. dependency-cruiser (.dependency-cruiser.cjs) states the same
// table on the resolved import graph (dynamic and type-only imports included), with no cycle.
// ---------------------------------------------------------------------------------------------

/** A regex for an import that leaves its folder for one of these (`app`: src/App.tsx, main.tsx). */
const into = (...names) =>
  `^(\\.\\./)+(src/)?(${names.flatMap((n) => (n === 'app' ? ['App', 'main'] : [n])).join('|')})(/|$)`;
/**
 * Anything in models/ but its declarations (registry.ts, types.ts, define.ts, each model's
 * info.ts and entry.ts, with its baselines) and what a live panel times on the page (stats.ts, a model's live.ts).
 */
const MODEL_MECHANISM =
  '(^|/)models/(?!(types|registry|define|stats|[^/]+/(info|entry|baseline|live))$)';
/** The registry's loaders: the main thread reads its declarations and never loads a model. */
const LOADERS = {
  regex: '(^|/)models/registry$',
  importNames: ['loadModel', 'loadModels', 'MODEL_ENTRIES', 'createRegistry'],
  message:
    'The main thread never loads a model: read MODEL_INFOS / findModelInfo; a worker runs it.',
};
/** A worker entry (`workers/lab.worker.ts`): it imports a model. */
const WORKER_ENTRY = '(^|/)workers/[^/]+\\.worker(\\.ts)?$';
/** Anything but a file of the same folder, packages included. */
const OUTSIDE_FOLDER = '^(?!\\./)';
const UI_PACKAGES = ['react', 'react-dom', 'react-dom/*', 'd3-*'];

const NO_MODEL_IN_VIEW =
  'Views must not run a model: import models/registry.ts (declarations), types or a model’s info.ts; ' +
  'the mechanism runs in a worker.';
const NO_WORKER_VALUES_IN_VIEW =
  'A worker entry’s values would bring its model onto the main thread: import its types, ' +
  'start it by URL.';

const ban = (regex, message) => ({ regex, message });
const banValues = (regex, message) => ({ regex, message, allowTypeImports: true });
const banPackages = (group, message) => ({ group, message });
/** The same ban for `import('…')`, as an esquery selector (whose regexes cannot hold a `/`). */
const banDynamic = (regex, message) => ({
  selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
  message,
});

const layer = (folder, ...patterns) => ({
  files: [`${folder}/**/*.{ts,tsx}`],
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
});

const layers = [
  layer(
    'src/models',
    ban(into('papers'), 'Models must not import measured values.'),
    ban(
      into('views', 'state', 'compare', 'scenario', 'charts', 'format', 'workers', 'app'),
      'Models import nothing outside src/models/.',
    ),
    banPackages([...UI_PACKAGES, 'comlink'], 'Models are pure TypeScript.'),
  ),
  layer(
    'src/papers',
    ban(OUTSIDE_FOLDER, 'Papers hold measured values only: they import nothing outside papers/.'),
  ),
  layer('src/lessons', ban(OUTSIDE_FOLDER, 'Lessons are data: they import nothing.')),
  layer(
    'src/class',
    ban(
      '^(?!\\./|valibot$)',
      'class/ is the wire format and client of class mode, shared with server/: it imports only valibot.',
    ),
  ),
  layer(
    'src/format',
    ban(OUTSIDE_FOLDER, 'format/ is shared by views and charts: it imports nothing.'),
  ),
  layer(
    'src/compare',
    ban(
      into('views', 'state', 'scenario', 'charts', 'format', 'workers', 'app'),
      'compare/ imports models/ and papers/ only.',
    ),
    banPackages([...UI_PACKAGES, 'comlink'], 'compare/ is pure TypeScript.'),
  ),
  layer(
    'src/scenario',
    ban(
      into('papers', 'compare', 'state', 'views', 'charts', 'format', 'workers', 'app'),
      'scenario/ imports the models’ declarations only.',
    ),
    banValues(MODEL_MECHANISM, 'scenario/ reads models through models/registry.ts and types.'),
    LOADERS,
    banPackages([...UI_PACKAGES, 'comlink'], 'scenario/ is pure TypeScript.'),
  ),
  layer(
    'src/state',
    ban(
      into('papers', 'views', 'charts', 'format', 'app'),
      'state/ imports scenario/, models/ declarations, and compare/ and workers/ types.',
    ),
    banValues(MODEL_MECHANISM, 'state/ reads models through models/registry.ts and types.'),
    LOADERS,
    banValues(
      into('compare', 'workers'),
      'state/ takes only types from compare/ and workers/ (a worker is started by URL).',
    ),
    banPackages(['d3-*'], 'Charts draw; state/ does not.'),
  ),
  layer(
    'src/charts',
    ban(
      into('views', 'state', 'scenario', 'papers', 'workers', 'app'),
      'Charts receive ready-made data: models/ and compare/ types and format/ only.',
    ),
    banValues(
      into('models', 'compare'),
      'Charts never compute the model: take only types from models/ and compare/.',
    ),
    banPackages(['comlink'], 'Charts receive ready-made data.'),
  ),
  layer(
    'src/views',
    banValues(MODEL_MECHANISM, NO_MODEL_IN_VIEW),
    LOADERS,
    banValues(WORKER_ENTRY, NO_WORKER_VALUES_IN_VIEW),
    ban(into('app'), 'Views do not import the app root.'),
  ),
  {
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        banDynamic(MODEL_MECHANISM, NO_MODEL_IN_VIEW),
        banDynamic(WORKER_ENTRY, NO_WORKER_VALUES_IN_VIEW),
      ],
    },
  },
  layer(
    'workers',
    ban(
      into('views', 'state', 'charts', 'papers', 'format', 'app'),
      'A worker entry imports models/, compare/ and scenario/ (pure parsers) only.',
    ),
    banPackages(UI_PACKAGES, 'Workers have no UI.'),
  ),
  {
    // Models are pure: no DOM either (a worker has no document or window).
    files: ['src/models/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'location', 'history'].map(
          (name) => ({ name, message: 'Models are pure TypeScript: no DOM.' }),
        ),
      ],
    },
  },
];

// No import cycle, and the layers on the whole graph (dynamic and type-only imports too):
// dependency-cruiser, .dependency-cruiser.cjs (run by `npm run lint` and tests/unit/layers.test.ts).

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.class-data'] },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly' },
    },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...layers,
  {
    rules: {
      // With verbatimModuleSyntax, `import { type A } from './x'` still loads ./x at run time:
      // write `import type { A }` (the layer rules and tests/unit/layers.test.ts rely on it).
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
);
