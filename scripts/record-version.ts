/**
 * Records what a model version produced for each of its paper presets, so a link made with
 * that version can still show its old numbers after the model changes (the page's "this model
 * changed" panel reads public/recorded/<model>-v<version>.json).
 *
 *   npx tsx scripts/record-version.ts <model-id> [<checkout>]
 *
 * <checkout> is a work tree of the commit to record (default: this one), e.g. for the version
 * before a bump: `git worktree add --detach /tmp/old <bump-commit>^` and link its
 * node_modules. The script runs that tree's own CLI (`scripts/explore.ts --list`, then
 * `--format json` per preset), so the recorded numbers are exactly what that version printed.
 * Run it before bumping a model's `version`; commit the JSON it writes.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ListedPreset {
  id: string;
  title: string;
  permalink: string;
}
interface CliTable {
  id: string;
  title: string;
  columns: { key: string; label: string; unit: string }[];
  rows: { label: string; model: Record<string, number> }[];
}

const [modelId, tree = fileURLToPath(new URL('..', import.meta.url))] = process.argv.slice(2);
if (!modelId) {
  console.error('usage: npx tsx scripts/record-version.ts <model-id> [<checkout>]');
  process.exit(2);
}
const cli = (args: string[]) =>
  execFileSync('npx', ['tsx', 'scripts/explore.ts', ...args], {
    cwd: tree,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'ignore'],
  });

const presets = (JSON.parse(cli(['--list'])) as ListedPreset[]).filter((p) =>
  p.permalink.startsWith(`/#/${modelId}?`),
);
if (presets.length === 0) {
  console.error(`no presets of '${modelId}' in ${tree}`);
  process.exit(2);
}
let version = 0;
const records = presets.map((p) => {
  const doc = JSON.parse(cli([p.permalink, '--format', 'json'])) as {
    modelVersion: number;
    tables: CliTable[];
  };
  version = doc.modelVersion;
  return {
    preset: p.id,
    link: p.permalink,
    tables: doc.tables.map((t) => ({
      id: t.id,
      title: t.title,
      columns: t.columns.map((c) => ({ key: c.key, label: c.label, unit: c.unit })),
      rows: t.rows.map((r) => ({ label: r.label, values: r.model })),
    })),
  };
});
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
  cwd: tree,
  encoding: 'utf8',
}).trim();
const out = resolve(
  fileURLToPath(new URL('../public/recorded/', import.meta.url)),
  `${modelId}-v${version}.json`,
);
writeFileSync(out, JSON.stringify({ model: modelId, version, commit, records }) + '\n');
console.log(
  `recorded ${records.length} presets of ${modelId} v${version} (commit ${commit}) → ${out}`,
);
