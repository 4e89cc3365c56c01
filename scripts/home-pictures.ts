/**
 * Writes src/models/<id>/picture.json for each model: its headline chart as a tiny SVG for the
 * home page, from its golden chart data (scripts/lib/homePictures.ts says how). Run after the
 * golden files change:  npx tsx scripts/home-pictures.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { format } from 'prettier';
import { MODEL_INFOS } from '../src/models/registry';
import { ROOT } from './lib/browser';
import { firstChart, pictureOf } from './lib/homePictures';

for (const m of MODEL_INFOS) {
  const picture = pictureOf(
    firstChart(readFileSync(`${ROOT}tests/golden/charts/${m.id}.tsv`, 'utf8')),
  );
  const out = `${ROOT}src/models/${m.id}/picture.json`;
  writeFileSync(out, await format(JSON.stringify(picture), { parser: 'json', printWidth: 100 }));
  console.log(`wrote ${out}`);
}
