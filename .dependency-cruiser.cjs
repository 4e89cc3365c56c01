/**
 * The layers (layers.cjs, stated once) as dependency-cruiser rules: which folder may import
 * which, and how (any import, types only, or only a model's declarations), which packages each
 * may use, and no import cycle. `npm run lint` runs it; tests/unit/layers.test.ts runs it too,
 * and on its graph checks what the main thread and the workers load.
 */

const { LAYER_PATHS, DECLARATIONS, LAYERS, PACKAGE_EXCEPTIONS, OUTER } = require('./layers.cjs');

const DECLARATION_PATHS = `^src/models/(${DECLARATIONS.join('|')})\\.ts$`;
const anyOf = (folders) => `^(${folders.join('|')})/`;
const exactly = (file) => `^${file.replaceAll('.', '\\.')}$`;

const TYPE_ONLY = ['type-only'];
const PACKAGE_TYPES = ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'core'];

function layerRules(name, { may, packages, why }) {
  const from = { path: LAYER_PATHS[name] };
  const others = Object.keys(LAYER_PATHS).filter((l) => l !== name && may[l] === undefined);
  const rules = [];
  if (others.length)
    rules.push({
      name: `${name}-imports-only-its-row`,
      comment: `${name}/ may import only ${Object.keys(may).join(', ') || 'itself'}. ${why}`,
      severity: 'error',
      from,
      to: { path: others.map((l) => LAYER_PATHS[l]).join('|') },
    });
  for (const [to, how] of Object.entries(may)) {
    if (how === 'any') continue;
    const target =
      how === 'declarations'
        ? { path: LAYER_PATHS[to], pathNot: DECLARATION_PATHS }
        : how === 'not-worker-entries'
          ? { path: `${LAYER_PATHS[to]}.*\\.worker\\.ts$` }
          : { path: LAYER_PATHS[to] };
    rules.push({
      name: `${name}-${to}-${how}`,
      comment: `${name}/ may import ${to}/ only as ${how === 'types' ? 'types' : `${how} (or types)`}.`,
      severity: 'error',
      from,
      to: { ...target, dependencyTypesNot: TYPE_ONLY },
    });
  }
  if (packages !== true)
    rules.push({
      name: `${name}-packages`,
      comment: `${name}/ may use ${packages ? `only the packages ${packages}` : 'no package'}.`,
      severity: 'error',
      from: { ...from, pathNot: Object.keys(PACKAGE_EXCEPTIONS).map(exactly).join('|') },
      to: {
        dependencyTypes: PACKAGE_TYPES,
        ...(packages ? { pathNot: `(^|/)node_modules/(${packages})/` } : {}),
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
    ...OUTER.map(([name, from, to, but]) => ({
      name,
      comment: `${name.replaceAll('-', ' ')} (layers.cjs).`,
      severity: 'error',
      from: { path: anyOf(from), ...(but ? { pathNot: anyOf(but) } : {}) },
      to: { path: anyOf(to) },
    })),
    ...Object.entries(PACKAGE_EXCEPTIONS).map(([file, packages]) => ({
      name: 'exception-packages',
      comment: `${file} may use ${packages}, nothing else.`,
      severity: 'error',
      from: { path: exactly(file) },
      to: { dependencyTypes: PACKAGE_TYPES, pathNot: `(^|/)node_modules/(${packages})/` },
    })),
    {
      name: 'resolvable',
      comment: 'Every import of the app resolves (the PWA plugin’s virtual module excepted).',
      severity: 'error',
      // A model's tools/ are scripts, as unchecked here as scripts/ (ml-levenberg-marquardt's
      // `exports`-only package.json does not resolve for the cruiser; node runs them).
      from: { path: '^(src|workers)/', pathNot: LAYER_PATHS.modelTools },
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
