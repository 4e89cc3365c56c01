import type { Translate } from '../../i18n/LangContext';
import type { MessageId } from '../../i18n/catalog';
import { maskNumbers, modelText } from '../../i18n/modelText';
import { numberLocale } from '../../format';

/**
 * Your machine's sentences (src/machine/claims/*: data, in English, kept so in the ledger and
 * its exports) in the page's language. Each shape has a message under `machine.said.` (and a
 * claim's limits under `machine.limit.<claim>.<n>`); names are kept, numbers written in the
 * page's locale. A sentence of no known shape stays as it is.
 */

/** An English number (`1,234.5`) as a number, for an ICU `{n, number}`. */
const num = (s: string) => Number(s.replace(/,/g, '').replace('−', '-'));

/** A claim's limit, by its place in the claim's list. */
export function limitText(t: Translate, claim: string, index: number, english: string): string {
  if (t.lang === 'en') return english;
  const id = `machine.limit.${claim}.${index}` as MessageId;
  const said = t(id);
  return said === id ? english : said;
}

/** "2.5 %" or "2.5 % (predicted)", in the page's words. */
function saving(t: Translate, text: string): string {
  const m = /^(−?-?[\d,.]+) %( \(predicted\))?$/.exec(text);
  if (!m) return text;
  const pct = num(m[1]!);
  return m[2]
    ? t('machine.said.savingPredicted', { pct })
    : `${new Intl.NumberFormat(numberLocale(), { maximumFractionDigits: 3 }).format(pct)} %`;
}

/** A row's quantity (`ns per search, Sorted, binary`). */
export function rowText(t: Translate, english: string): string {
  if (t.lang === 'en') return english;
  const m = /^ns per search, (.+)$/.exec(english);
  if (m) {
    const label = m[1]!;
    return t('machine.said.nsPerSearch', {
      search: modelText(t, `directory-search.row.${maskNumbers(label)}`, label),
    });
  }
  return english;
}

/** The paper's line and this machine's (a claim's outcome). */
export function outcomeText(t: Translate, english: string): string {
  if (t.lang === 'en') return english;
  let m: RegExpExecArray | null;
  if (
    (m =
      /^On the paper’s VM\/SP system, sorting saves about ([\d,.]+) µs per search and binary search about ([\d,.]+) µs, against the unsorted directory’s linear search\.$/.exec(
        english,
      ))
  )
    return t('machine.said.directoryPaper', { sorted: num(m[1]!), binary: num(m[2]!) });
  if (
    (m =
      /^On this machine sorting saves (.+?) of a search and binary search (.+?), against the unsorted directory’s ([\d,.]+) ns\.$/.exec(
        english,
      ))
  )
    return t('machine.said.directoryHere', {
      sorted: saving(t, m[1]!),
      binary: saving(t, m[2]!),
      base: num(m[3]!),
    });
  if (english.startsWith('The paper (HP-UX 11i v3 UFC) counts the cliff in page frames'))
    return t('machine.said.memoryPaper');
  return english;
}
