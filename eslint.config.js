import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

import layersData from './layers.cjs';

// ---------------------------------------------------------------------------------------------
// Layers: made from layers.cjs (the one statement of them; .dependency-cruiser.cjs is made from
// it too, on the resolved graph). One block per folder says what it must not import, matched on
// the import's text: another folder is reached by going up first (`../views/x`, `../src/views`).
// `allowTypeImports`: `import type` (erased at build) passes where only values are banned.
// `no-restricted-imports` does not see `import('…')`: a `no-restricted-syntax` twin does.
// ---------------------------------------------------------------------------------------------

const { LAYER_PATHS, LAYERS, DECLARATIONS, PACKAGE_EXCEPTIONS, OUTER } = layersData;

/** A regex for an import that leaves its folder for one of these (`app`: src/App.tsx, main.tsx). */
const into = (...names) =>
  `^(\\.\\./)+(src/)?(${names.flatMap((n) => (n === 'app' ? ['App', 'main'] : [n])).join('|')})(/|$)`;
/** Anything in models/ but its declarations and a model's view/ (layers.cjs: the graph's rules). */
const MODEL_MECHANISM = `(^|/)models/(?!(${DECLARATIONS.join('|')})$|[^/]+/view/)`;
/** The registry's loaders: the main thread reads its declarations and never loads a model. */
const LOADERS = {
  regex: '(^|/)models/registry$',
  importNames: ['loadModel', 'loadModels', 'MODEL_ENTRIES', 'createRegistry'],
  message:
    'The main thread never loads a model: read MODEL_INFOS / findModelInfo; a worker runs it.',
};
/** A worker entry (`workers/lab.worker.ts`): it imports a model. */
const WORKER_ENTRY = '(^|/)workers/[^/]+\\.worker(\\.ts)?$';

const ban = (regex, message) => ({ regex, message });
const banValues = (regex, message) => ({ regex, message, allowTypeImports: true });
/** The same ban for `import('…')`, as an esquery selector (whose regexes cannot hold a `/`). */
const banDynamic = (regex, message) => ({
  selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
  message,
});
/** A package import (not relative, not a build-time virtual module) but of `packages`. */
const packagesBut = (packages) => `^(?![./]|virtual:${packages ? `|(${packages})(/|$)` : ''})`;

/** The folders outside its own that `folder` ('src', 'workers', 'server', …) must not import. */
const outerBans = (folder) =>
  OUTER.filter(([, from, , but = []]) => from.includes(folder) && !but.includes(folder)).flatMap(
    ([, , to]) => to.map((t) => t.replace(/^src\//, '')),
  );

// A model's view/ and tools/ come after models/ in LAYERS: their blocks replace models/' rules.
const GLOBS = {
  app: 'src/*.{ts,tsx}',
  workers: 'workers/**/*.{ts,tsx}',
  modelViews: 'src/models/*/view/**/*.{ts,tsx}',
  modelTools: 'src/models/*/tools/**/*.{ts,tsx}',
  modelWorkers: 'src/models/*/workers/**/*.{ts,tsx}',
};
/** The folder of OUTER's rules a layer is in (a model's tools/ is outside the runtime). */
const OUTER_FOLDER = { workers: 'workers', modelTools: LAYER_PATHS.modelTools.slice(1, -1) };

/** The import patterns and dynamic-import bans of a layer (with `packages` it may use). */
function layerBans(name, { may, packages, why }) {
  const others = Object.keys(LAYERS).filter((l) => l !== name && may[l] === undefined);
  const outside = outerBans(OUTER_FOLDER[name] ?? 'src');
  const patterns = [
    ban(
      into(...others, ...outside),
      `${name}/ may import only ${Object.keys(may).join(', ') || 'its own folder'}. ${why}`,
    ),
  ];
  if (packages !== true)
    patterns.push(
      ban(
        packagesBut(packages),
        `${name}/ may use ${packages ? `only ${packages}` : 'no package'}. ${why}`,
      ),
    );
  const dynamic = [];
  for (const [to, how] of Object.entries(may)) {
    const message = `${name}/ takes ${how === 'types' ? 'only types' : `${how} or types`} from ${to}/. ${why}`;
    if (how === 'types') patterns.push(banValues(into(to), message));
    if (how === 'declarations') {
      patterns.push(banValues(MODEL_MECHANISM, message), LOADERS);
      dynamic.push(banDynamic(MODEL_MECHANISM, message));
    }
    if (how === 'not-worker-entries') {
      patterns.push(banValues(WORKER_ENTRY, message));
      dynamic.push(banDynamic(WORKER_ENTRY, message));
    }
  }
  return { patterns, dynamic };
}

const block = (files, { patterns, dynamic = [] }) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
    ...(dynamic.length ? { 'no-restricted-syntax': ['error', ...dynamic] } : {}),
  },
});

const layers = [
  ...Object.entries(LAYERS).map(([name, layer]) =>
    block([GLOBS[name] ?? `src/${name}/**/*.{ts,tsx}`], layerBans(name, layer)),
  ),
  ...Object.entries(PACKAGE_EXCEPTIONS).map(([file, packages]) => {
    const name = Object.keys(LAYERS).find((l) => file.startsWith(`src/${l}/`));
    const layer = LAYERS[name];
    return block(
      [file],
      layerBans(name, { ...layer, packages: [layer.packages, packages].filter(Boolean).join('|') }),
    );
  }),
  ...['server', 'scripts', 'tests'].flatMap((folder) => {
    const bans = outerBans(folder);
    return bans.length === 0
      ? []
      : [
          block([`${folder}/**/*.{ts,tsx,mjs}`], {
            patterns: [
              ban(into(...bans), `${folder}/ never imports ${bans.join(', ')} (layers.cjs).`),
            ],
          }),
        ];
  }),
  {
    // Models are pure: no DOM either (a worker has no document or window).
    files: ['src/models/**/*.{ts,tsx}'],
    ignores: [GLOBS.modelViews, GLOBS.modelTools],
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
  // CommonJS config files (the layers, dependency-cruiser's rules) load each other by require.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
