// An embed link's part (`embed=table:<id>`, `embed=chart:<id>`): one table or one chart alone.
import { givenOf, type Entry, type Report } from './linkQuery';
import type { EmbedPart, EmbedPartKind, ProblemCode, View } from './types';

/** Query key of an embed's part. Reserved like `v`: no model may declare a parameter `embed`. */
export const EMBED_PART_KEY = 'embed';
export const EMBED_PART_KINDS: readonly EmbedPartKind[] = ['table', 'chart'];
/**
 * A table's or chart's id as models write them (`mpe-sl-seq`, `ufc-stealback-hit-rate`).
 * The codec checks only the form: which ids a scenario shows is known once it is computed,
 * so the embedded page says when the id is not among them.
 */
const PART_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** The part as a link writes it, `table:mpe-sl-seq`. */
export function embedPartText(part: EmbedPart): string {
  return `${part.kind}:${encodeURIComponent(part.id)}`;
}

/** Reads a part's text (decoded): null when it is not `table:<id>` or `chart:<id>`. */
export function parseEmbedPart(text: string): EmbedPart | null {
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  const kind = EMBED_PART_KINDS.find((k) => k === text.slice(0, colon).trim());
  const id = text.slice(colon + 1).trim();
  return kind && PART_ID.test(id) ? { kind, id } : null;
}

/**
 * A key only an embed link reads, as `parse` reads its text. Reported and ignored when `parse`
 * refuses it (`refused`: what is allowed, and what the page shows instead) or when the link is
 * no embed.
 */
export function readEmbedOnly<T>(
  entries: ReadonlyMap<string, Entry>,
  key: string,
  view: View | undefined,
  report: Report,
  parse: (text: string) => T | null | undefined,
  refused: { code: ProblemCode; text: string },
): T | undefined {
  const e = entries.get(key);
  if (!e || e.flaw === 'cut') return undefined;
  const value = e.flaw === null ? parse(e.text) : null;
  if (value === null || value === undefined) {
    const given = givenOf(e);
    report(e.order, key, {
      code: refused.code,
      values: { param: key, ...given.values },
      message: `${key}: ${given.shown} ${refused.text}`,
    });
    return undefined;
  }
  if (view !== 'embed') {
    report(e.order, key, {
      code: 'embed.notEmbed',
      values: { param: key },
      message: `${key}: only an embed link (view=embed) reads it — ignored.`,
    });
    return undefined;
  }
  return value;
}

/** An embed's part; reported and ignored when malformed or when the link is no embed. */
export const readEmbedPart = (
  entries: ReadonlyMap<string, Entry>,
  view: View | undefined,
  report: Report,
): EmbedPart | undefined =>
  readEmbedOnly(entries, EMBED_PART_KEY, view, report, parseEmbedPart, {
    code: 'embed.invalid',
    text: 'is not a part — allowed table:<id> or chart:<id> (letters, digits, - _ .); showing the whole page.',
  });
