/** (iv) The build's JavaScript: what dist/index.html loads first, the workers, the rest. */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../lib/browser';
import type { JsChunk, JsSizes } from './report';

export function jsSizes(): JsSizes {
  // The folder `startPreview` serves (LATENCY_LAB_DIST, for an A/B against another build).
  const dist = `${process.env.LATENCY_LAB_DIST ?? `${ROOT}dist`}/`;
  const html = readFileSync(`${dist}index.html`, 'utf8');
  const referenced = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)) referenced.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g))
    referenced.add(m[1]!);
  const norm = (f: string) => f.replace(/^\.?\//, '');
  const initialFiles = new Set([...referenced].map(norm));
  const chunk = (file: string): JsChunk => {
    const buf = readFileSync(`${dist}${file}`);
    return { file, bytes: buf.length, gzipBytes: gzipSync(buf, { level: 9 }).length };
  };
  const all = readdirSync(`${dist}assets`)
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
  return {
    initial: [...initialFiles].map(chunk),
    workers: all.filter((f) => !initialFiles.has(f) && /worker/i.test(f)).map(chunk),
    lazy: all.filter((f) => !initialFiles.has(f) && !/worker/i.test(f)).map(chunk),
  };
}
