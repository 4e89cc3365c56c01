import '../i18n/parts/linkProblem';
import type { MessageId } from '../i18n/catalog';
import type { Translate } from '../i18n/LangContext';
import { unitName } from '../i18n/modelText';
import { numberLocale } from '../format';
import type { Problem, ProblemCode, ProblemValues } from '../scenario';
import type { TraceCode } from '../scenario/trace';
import type { LessonCode, LessonSaid } from '../scenario/lessonShape';

/**
 * Every code a link's problem may have (src/scenario/types.ts): a record over the union, so a
 * code added there without its message here fails to type-check. Each is `linkProblem.<code>`
 * in the catalogues, whose English reproduces the scenario layer's `message` exactly
 * (tests/unit/link-problem-codes.test.ts).
 */
const CODES: Record<ProblemCode, true> = {
  'link.notText': true,
  'link.unreadable': true,
  'link.tooLong': true,
  'link.more': true,
  'link.unknownModel': true,
  'link.extraPath': true,
  'link.repeated': true,
  'view.invalid': true,
  'controls.invalid': true,
  'embed.invalid': true,
  'embed.notEmbed': true,
  'compare.notOne': true,
  'version.invalid': true,
  'version.newer': true,
  'version.older': true,
  'param.unknown': true,
  'param.notListHead': true,
  'param.cut': true,
  'param.long': true,
  'param.malformed': true,
  'param.empty': true,
  'param.notOption': true,
  'param.keptMissing': true,
  'param.hex': true,
  'param.nonfinite': true,
  'param.notNumber': true,
  'param.notWhole': true,
  'param.outOfRange': true,
  'param.list.notList': true,
  'param.list.tooMany': true,
  'param.list.itemRange': true,
  'param.list.packedBase64': true,
  'param.list.packedFormat': true,
  'param.list.packedWidth': true,
  'param.list.packedNoCount': true,
  'param.list.packedTooMany': true,
  'param.list.packedCut': true,
  'param.list.packedCutAt': true,
  'param.list.packedTrailing': true,
  'param.list.packedItemRange': true,
};

export const PROBLEM_CODES = Object.keys(CODES) as ProblemCode[];

export const isProblemCode = (code: unknown): code is ProblemCode =>
  typeof code === 'string' && Object.hasOwn(CODES, code);

/** A number of a range or a value used, in the page's locale (as `String(n)` gives its digits). */
function localNumber(n: number): string {
  return new Intl.NumberFormat(numberLocale(), { maximumSignificantDigits: 15 }).format(n);
}

/** ` registros`, `%`, `` (no unit): what follows a number, as scenario/format.ts's unitSuffix. */
function unitSuffix(t: Translate, unit: string, n?: number): string {
  if (unit === '') return '';
  if (unit === '%') return '%';
  return ` ${unitName(t, unit, n)}`;
}

/** A number as scenario/format.ts writes it in English (`89,867`, `0.3214`, `-5`). */
const EN_NUMBER = '-?[\\d,]*\\.?\\d+(?:e[+-]?\\d+)?';
const RANGE = new RegExp(`^(${EN_NUMBER})(–| to )(${EN_NUMBER})(%| .+)?$`);
const VALUE = new RegExp(`^(${EN_NUMBER})(%| .+)?$`);
const LIST = /^up to ([\d,]+) comma-separated whole numbers, each ([\d,]+)–([\d,]+)$/;
const readNumber = (english: string) => Number(english.replace(/,/g, ''));

/**
 * A parameter problem's `allowed` and `used` (scenario/format.ts's English: `1–2,000,000
 * records`, `one of a, b`, `up to 200,000 comma-separated whole numbers, each 0–1,000,000`,
 * `89,867 records`, `an empty list`) in the page's numbers and words; the others as they are.
 */
function localValues(t: Translate, values: ProblemValues): ProblemValues {
  const { allowed, used } = values;
  if (typeof allowed !== 'string' || typeof used !== 'string') return values;
  const range = RANGE.exec(allowed);
  if (range) {
    const unit = (range[4] ?? '').trim();
    const [min, max] = [readNumber(range[1]!), readNumber(range[3]!)];
    const value = VALUE.exec(used);
    const n = value ? readNumber(value[1]!) : NaN;
    return {
      ...values,
      allowed:
        range[2] === '–'
          ? `${localNumber(min)}–${localNumber(max)}${unitSuffix(t, unit)}`
          : t('linkProblem.allowed.rangeTo', {
              min: localNumber(min),
              max: localNumber(max),
              unit: unitSuffix(t, unit),
            }),
      used: Number.isFinite(n) ? `${localNumber(n)}${unitSuffix(t, unit, n)}` : used,
    };
  }
  const list = LIST.exec(allowed);
  if (list)
    return {
      ...values,
      allowed: t('linkProblem.allowed.list', {
        maxItems: readNumber(list[1]!),
        itemMin: readNumber(list[2]!),
        itemMax: readNumber(list[3]!),
      }),
      used: used === 'an empty list' ? t('linkProblem.used.emptyList') : used,
    };
  if (allowed.startsWith('one of '))
    return { ...values, allowed: t('linkProblem.allowed.enum', { options: allowed.slice(7) }) };
  return values;
}

/**
 * A link's problem in the page's language: `linkProblem.<code>` with its values. A problem
 * without a known code (data from an older or newer app) is its English message.
 */
export function problemText(t: Translate, problem: Problem): string {
  const { code, values } = problem as Partial<Problem>;
  if (!isProblemCode(code) || typeof values !== 'object' || values === null) return problem.message;
  try {
    const local = t.lang === 'en' ? values : localValues(t, values);
    return t(`linkProblem.${code}` as MessageId, local);
  } catch {
    return problem.message;
  }
}

const TRACE_CODES: Record<TraceCode, true> = {
  'trace.tooLong': true,
  'trace.notPage': true,
  'trace.outOfRange': true,
  'trace.tooMany': true,
  'trace.empty': true,
};

export const TRACE_PROBLEM_CODES = Object.keys(TRACE_CODES) as TraceCode[];

/** Why a trace was not read, in the page's language; its English `why` for an unknown code. */
export function traceText(
  t: Translate,
  r: { why: string; code?: unknown; values?: ProblemValues },
): string {
  const { code, values } = r;
  if (typeof code !== 'string' || !Object.hasOwn(TRACE_CODES, code) || !values) return r.why;
  try {
    return t(`linkProblem.${code as TraceCode}`, values);
  } catch {
    return r.why;
  }
}

const LESSON: Record<LessonCode, true> = {
  'lesson.text': true,
  'lesson.empty': true,
  'lesson.long': true,
  'lesson.number': true,
  'lesson.boolean': true,
  'lesson.axisField': true,
  'lesson.askField': true,
  'lesson.list': true,
  'lesson.askMin': true,
  'lesson.numberField': true,
  'lesson.sketchField': true,
  'lesson.numbersField': true,
  'lesson.kind': true,
  'lesson.link': true,
  'lesson.modelLink': true,
  'lesson.stepField': true,
  'lesson.idChars': true,
  'lesson.seedFile': true,
  'lesson.stepsMin': true,
  'lesson.stepsMax': true,
  'lesson.lessonField': true,
  'lesson.askMax': true,
  'lesson.missing': true,
  'lesson.other': true,
  'lesson.idFile': true,
  'lesson.paper': true,
  'lesson.stepLink': true,
  'lesson.otherPaper': true,
};

export const LESSON_CODES = Object.keys(LESSON) as LessonCode[];

/**
 * A lesson file's problem in the page's language (src/scenario/lessonShape.ts's codes): the
 * field's place, then what is wrong; a step link's own problem said from its code in turn.
 */
export function lessonProblemText(t: Translate, said: LessonSaid): string {
  const { code, values, link } = said;
  if (!Object.hasOwn(LESSON, code)) return said.message;
  try {
    const step = Number(values.step ?? 0);
    const path = String(values.path ?? '');
    const where = step ? t('linkProblem.lesson.where', { step, path }).trim() : path;
    const linkText = link && problemText(t, link);
    const problem = link ? (link.param ? `${link.param}: ${linkText}` : linkText) : values.problem;
    const text = t(`linkProblem.${code}` as MessageId, {
      ...values,
      where,
      problem: problem ?? '',
    });
    return text.startsWith('linkProblem.') ? said.message : text.trim();
  } catch {
    return said.message;
  }
}
