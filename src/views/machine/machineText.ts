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

/** An English number (`1,234.5`) in the page's locale, its decimals kept. */
function local(s: string): string {
  const [, decimals = ''] = s.split('.');
  const value = num(s);
  if (!Number.isFinite(value)) return s;
  return new Intl.NumberFormat(numberLocale(), {
    minimumFractionDigits: decimals.length,
    maximumFractionDigits: decimals.length,
  }).format(value);
}

/** Whether shared memory beats RPC (crossBoundary's `said`). */
function beats(t: Translate, said: string): string {
  if (said === 'never beats RPC (its per-call cost is not lower here)')
    return t('machine.said.never');
  if (said === 'beats RPC from the first call') return t('machine.said.fromFirst');
  const m = /^beats RPC above ≈ ([\d,.]+) calls$/.exec(said);
  return m ? t('machine.said.above', { n: local(m[1]!) }) : said;
}

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

/** A live workload's name (`compute`, `memory`: src/machine/claims/cothreads.ts). */
const workload = (t: Translate, w: string) =>
  w === 'compute' ? t('machine.said.compute') : w === 'memory' ? t('machine.said.memoryBound') : w;

/** A transport's name (src/machine/claims/crossBoundary.ts's LABEL). */
const transport = (t: Translate, label: string) =>
  label.startsWith('postMessage')
    ? t('machine.said.rpc')
    : label.startsWith('SharedArrayBuffer')
      ? t('machine.said.sm')
      : label;

/** A row's quantity (`ns per search, Sorted, binary`). */
export function rowText(t: Translate, english: string): string {
  if (t.lang === 'en') return english;
  const m = /^ns per search, (.+)$/.exec(english);
  let k: RegExpExecArray | null;
  if ((k = /^ns per load, ([\d,.]+) (KB|MB) working set( \(across a step\))?$/.exec(english)))
    return t(k[3] ? 'machine.said.nsPerLoadStep' : 'machine.said.nsPerLoad', {
      size: num(k[1]!),
      unit: k[2]!,
    });
  if ((k = /^throughput of (\d+) (\w+)-bound jobs? ÷ one alone$/.exec(english)))
    return t('machine.said.throughput', { n: num(k[1]!), workload: workload(t, k[2]!) });
  if ((k = /^ms for ([\d,]+) calls, (.+), start-up included$/.exec(english)))
    return t('machine.said.msForCalls', { n: num(k[1]!), transport: transport(t, k[2]!) });
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
  return directoryOrMemoryText(t, english) ?? cothreadOrCrossText(t, english) ?? english;
}

/** The directory and memory claims' lines; null for another's. */
function directoryOrMemoryText(t: Translate, english: string): string | null {
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
  if ((m = /^On this machine a loop falls off a cliff at (.+); (.+)$/.exec(english))) {
    const where =
      m[1] === 'no step within the sizes probed'
        ? t('machine.said.noStep')
        : m[1]!.replace(
            /([\d,.]+) (KB|MB)–([\d,.]+) (KB|MB) \(([\d,.]+) → ([\d,.]+) ns\)/g,
            (_, a: string, ua: string, b: string, ub: string, ya: string, yb: string) =>
              `${local(a)} ${ua}–${local(b)} ${ub} (${local(ya)} → ${local(yb)} ns)`,
          );
    const placed = /^the model placed (\d+) half-way sizes between them\.$/.exec(m[2]!);
    const rest = placed
      ? t('machine.said.placed', { n: num(placed[1]!) })
      : t('machine.said.fromSteps');
    return t('machine.said.memoryHere', { where, rest });
  }
  return null;
}

/** The cothread and cross-boundary claims' lines (and the UFC paper's); null for another's. */
function cothreadOrCrossText(t: Translate, english: string): string | null {
  let m: RegExpExecArray | null;
  if (
    english === 'This machine reports one logical processor: there is no second half to gain from.'
  )
    return t('machine.said.oneProcessor');
  if (
    (m =
      /^The second half of this machine’s (\d+) logical processors \((\d+) → (\d+) jobs\) gains (.+) here; 2 × (\d+) jobs gain nothing more, as the OS only time-shares them\.$/.exec(
        english,
      ))
  ) {
    const parts = m[4]!.split(', ').map((part) => {
      const g = /^(\w+)-bound (−?-?[\d,.]+) %( \(predicted\))?$/.exec(part);
      if (!g) return part;
      return t(g[3] ? 'machine.said.gainPredicted' : 'machine.said.gain', {
        workload: workload(t, g[1]!),
        pct: num(g[2]!),
      });
    });
    return t('machine.said.cothreadsHere', {
      p: num(m[1]!),
      half: num(m[2]!),
      gains: new Intl.ListFormat(t.lang, { type: 'conjunction' }).format(parts),
    });
  }
  if (
    (m =
      /^On Montecito \(OpenVMS, 10 copies on 4 cores\), turning the cothreads on gained (.+) % \((.+)\)\.$/.exec(
        english,
      ))
  ) {
    const gains = m[1]!.split(', ').map(local).join('; ');
    const rows = m[2]!
      .split('; ')
      .map((r) => modelText(t, `hyperthreads.row.${maskNumbers(r)}`, r))
      .join('; ');
    return t('machine.said.cothreadsPaper', { gains, rows });
  }
  if ((m = /^Shared memory cannot run here: (.+)$/.exec(english)))
    return t('machine.said.smCannot', { why: m[1]! });
  if (
    (m =
      /^On this machine shared memory (.+?) \(predicted from the calibration\)(?:; measured: (.+))?\.$/.exec(
        english,
      ))
  ) {
    const predicted = beats(t, m[1]!);
    return m[2]
      ? t('machine.said.crossHereMeasured', { predicted, measured: beats(t, m[2]!) })
      : t('machine.said.crossHere', { predicted });
  }
  if (
    (m =
      /^On the paper’s Itanium \(RPC to a PA\/DOCT server against shared memory\), 1M calls took ([\d,.]+) s by RPC and ([\d,.]+) s by shared memory \(([\d,.]+)×\); its 10K and 1M rows, read as start-up \+ calls × per call, put the crossover at ≈ (.+) calls\.$/.exec(
        english,
      ))
  )
    return t('machine.said.crossPaper', {
      rpc: local(m[1]!),
      sm: local(m[2]!),
      ratio: local(m[3]!),
      crossover: m[4] === '—' ? '—' : local(m[4]!),
    });
  if (english.startsWith('The paper (HP-UX 11i v3 UFC) counts the cliff in page frames'))
    return t('machine.said.memoryPaper');
  return null;
}
