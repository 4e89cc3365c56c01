/**
 * What the class pages share to speak the page's language: numbers as the room reads them
 * (`Intl`, the page's locale), dates and times, and the class server's sentences.
 *
 * The server answers a refusal with one English sentence (`{ error }`, for API clients and its
 * tests). The pages show the known ones in the page's language: each is matched here, its
 * figures taken out, and given as the message `class.server.<id>`; a sentence not known here
 * (a newer server's) is shown as the server wrote it. tests/unit/class-words.test.ts reads the
 * server's own sentences against this list.
 */
import '../../i18n/parts/classServer';
import type { MessageId } from '../../i18n/catalog';
import type { Translate } from '../../i18n/LangContext';
import { LOCALE, type Lang } from '../../i18n/lang';
import { numberLocale } from '../../format';

const formatters = new Map<string, Intl.NumberFormat>();
/**
 * A value to `digits` significant digits in the page's locale, ungrouped: `1230`, `0.5` in
 * English (as `+v.toPrecision(digits)` wrote them), `0,5` in Spanish.
 */
export function sig(v: number, digits = 3): string {
  const key = `${numberLocale()}|${digits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale(), {
      maximumSignificantDigits: digits,
      useGrouping: false,
    });
    formatters.set(key, f);
  }
  return f.format(v);
}

/** The locale for dates and times: the browser's own in English (as before), else the page's. */
export const dateLocale = (lang: Lang): string | undefined =>
  lang === 'en' ? undefined : LOCALE[lang];

/** A server's (or this client's) sentence: a fixed text, or a pattern and its arguments' names. */
type Known = [text: string | RegExp, id: MessageId, names?: string[]];

const KNOWN: Known[] = [
  // Joining.
  [
    /^This class is full \((\d+) students\): ask the teacher to make room\.$/,
    'class.server.full',
    ['size'],
  ],
  [
    /^Too many students joined from your network address \((\d+) of the class’s (\d+) seats\): ask the teacher to raise the class size\.$/,
    'class.server.address',
    ['taken', 'size'],
  ],
  [
    'The teacher removed the students of your network address from this class.',
    'class.server.barred',
  ],
  [/^There is no class “(.*)” on this server\.$/, 'class.server.noClass', ['code']],
  [
    /^There is no class “(.*)” on this server\. Check the code with your teacher\.$/,
    'class.server.noClassCheck',
    ['code'],
  ],
  [
    'The class server is not reachable; your answers are kept and will be sent when it is back.',
    'class.server.offline',
  ],
  ['There is no such class on this server.', 'class.server.noSuchClass'],
  [/^There is no lesson “(.*)”\.$/, 'class.server.noLesson', ['id']],
  ['Could not make a new class code; try again.', 'class.server.noCode'],
  // Limits and keys.
  [/^Too many requests: wait (\d+) s and try again\.$/, 'class.server.tooMany', ['s']],
  [
    /^Too many wrong class codes or teacher keys from this address: wait (\d+) s\.$/,
    'class.server.wrongCodes',
    ['s'],
  ],
  ['Too many open streams from this address: join the class first.', 'class.server.streams'],
  ['This needs the teacher’s key (X-Teacher-Key).', 'class.server.needKey'],
  [
    'Wrong teacher key: only the browser that started the class can do this.',
    'class.server.wrongKey',
  ],
  ['Join the class first: this student is unknown.', 'class.server.unknownStudent'],
  ['This class’s lesson is no longer on the server.', 'class.server.lessonGone'],
  [/^The request body is larger than (\d+) KB\.$/, 'class.server.body', ['kb']],
  // Answers and steps.
  ['Paused by your teacher: answers wait until they resume.', 'class.server.paused'],
  ['This step is locked: answers can no longer change.', 'class.server.locked'],
  [/^The class is on step (\d+)\.$/, 'class.server.onStep', ['step']],
  [
    /^The class is on step (\d+): this reveal was for step (\d+)\.$/,
    'class.server.revealFor',
    ['step', 'for'],
  ],
  [
    /^The class changed meanwhile \(now on step (\d+), (open|locked|revealed)\): look again and retry\.$/,
    'class.server.changed',
    ['step', 'phase'],
  ],
  [/^This lesson has (\d+) steps\.$/, 'class.server.steps', ['n']],
  ['This step asks for no answer.', 'class.server.noAnswer'],
  ['This step asks for a number.', 'class.server.askNumber'],
  ['This step asks for a sketch.', 'class.server.askSketch'],
  ['Hide the answer before opening the step.', 'class.server.hideFirst'],
  // Homework.
  [/^This homework opens on (.+)\.$/, 'class.server.hwOpens', ['date']],
  [
    /^This homework closed on (.+): answers are no longer taken\.$/,
    'class.server.hwClosed',
    ['date'],
  ],
  [/^This homework already closed on (.+)\.$/, 'class.server.hwAlreadyClosed', ['date']],
  ['This homework takes no answer now.', 'class.server.hwNoAnswer'],
  ['This class is not set as homework.', 'class.server.notHomework'],
  ['The homework must close after it opens.', 'class.server.closeAfter'],
  // The store's health.
  ['The class store is full; answers are not being saved.', 'class.server.storeFull'],
  [
    'The class store cannot write to its disc; answers are not being saved.',
    'class.server.storeDisc',
  ],
  ['The class store cannot be reached; answers are not being saved.', 'class.server.storeReach'],
  ['The class server failed on this request; try again.', 'class.server.failed'],
  // This client's own (src/class/client.ts, reveal.ts, the board).
  ['The class server does not answer: is it still running?', 'class.server.down'],
  [/^The class server refused \((\d+)\)\.$/, 'class.server.refused', ['status']],
  [/^The export was refused \((\d+)\)\.$/, 'class.server.exportRefused', ['status']],
  [/^The server answered (\d+)\.$/, 'class.server.answered', ['status']],
  ['The model could not compute this step.', 'class.server.noCompute'],
  [/^The model has no value for “(.*)”\.$/, 'class.server.noValue', ['label']],
  ['The model could not compute this step’s chart.', 'class.server.noChart'],
  [/^The model has no curve for “(.*)”\.$/, 'class.server.noCurve', ['label']],
  ['This step’s link cannot be read.', 'class.server.badLink'],
  [
    'Not saved yet: the class server does not answer. It will be sent when it is back.',
    'class.server.notSaved',
  ],
];

const PHASES: Record<string, MessageId> = {
  open: 'class.server.phase.open',
  locked: 'class.server.phase.locked',
  revealed: 'class.server.phase.revealed',
};

/** The sentence in the page's language when it is a known one, else as it was written. */
export function serverWords(t: Translate, sentence: string): string {
  for (const [text, id, names = []] of KNOWN) {
    if (typeof text === 'string') {
      if (sentence === text) return t(id);
      continue;
    }
    const m = text.exec(sentence);
    if (!m) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, m[i + 1] ?? '']));
    if (values.phase !== undefined && PHASES[values.phase]) values.phase = t(PHASES[values.phase]!);
    return t(id, values);
  }
  return sentence;
}

/** Every known sentence's pattern, for the test that reads the server's sentences. */
export const KNOWN_SENTENCES: readonly (string | RegExp)[] = KNOWN.map(([text]) => text);
