import type { Translate } from '../i18n/LangContext';
import { maskNumbers, modelText } from '../i18n/modelText';

/**
 * A naive baseline's rule (src/models/<model>/entry.ts, src/compare/baselines.ts: data, in
 * English) in the page's language: each rule's shape has a message under `predictions.rule.`,
 * its names (a paper's row, a platform, a file) kept and its numbers written in the page's
 * locale. A rule of no known shape stays as it is.
 */
export function baselineRuleText(t: Translate, model: string, rule: string): string {
  if (t.lang === 'en') return rule;
  const row = (label: string) => modelText(t, `${model}.row.${maskNumbers(label)}`, label);
  const number = (s: string) => Number(s.replace(/,/g, ''));
  let m: RegExpExecArray | null;
  if ((m = /^prefetch changes nothing: the measured (.+) row$/.exec(rule)))
    return t('predictions.rule.prefetch', { row: row(m[1]!) });
  if (rule === 'binary search saves what sorting saves: the measured sorted saving')
    return t('predictions.rule.binary');
  if ((m = /^the (.+) columns scaled by call count \(geometric mean\)$/.exec(rule)))
    return t('predictions.rule.calls', {
      columns: new Intl.ListFormat(t.lang, { type: 'conjunction' }).format(m[1]!.split(' and ')),
    });
  if ((m = /^the measured (\S+) 8-way value \(64-way = 8-way\)$/.exec(rule)))
    return t('predictions.rule.ways', { platform: m[1]! });
  if ((m = /^cothreads change nothing \(ON = OFF\): the measured (.+)$/.exec(rule)))
    return t('predictions.rule.cothreads', { row: row(m[1]!) });
  if ((m = /^(\S+) measured × file size ([\d,]+) \/ ([\d,]+) B$/.exec(rule)))
    return t('predictions.rule.fileSize', { from: m[1]!, to: number(m[2]!), size: number(m[3]!) });
  return rule;
}
