/**
 * Each lesson file's contents by id (its file name), unchecked (src/scenario/lessonShape.ts
 * reads them): every JSON file in this folder, so adding a lesson is adding its file. Only the
 * lesson page imports this, so the files travel in its chunk, not the first page's.
 */
const FILES = import.meta.glob<unknown>('./*.json', { eager: true, import: 'default' });

export const LESSON_FILES: Readonly<Record<string, unknown>> = Object.fromEntries(
  Object.entries(FILES).map(([path, raw]) => [path.replace(/^\.\/|\.json$/g, ''), raw]),
);

/**
 * A lesson's words in another language (src/lessons/<lang>/<id>.json): only its text fields,
 * in the English lesson's order (steps, asks, an answer's axes). The numbers, scenarios, cells
 * and units are the English file's: a translation holds none of them, so it cannot change them.
 */
export interface LessonText {
  title: string;
  summary: string;
  steps: {
    title: string;
    text: string;
    question: string;
    why?: string;
    asks: { label: string }[];
    answer?: { label: string; x?: { label: string }; y?: { label: string } };
  }[];
}

/** The fields a translation replaces, wherever they are in a lesson; every other one is kept. */
export const TEXT_FIELDS: ReadonlySet<string> = new Set([
  'title',
  'summary',
  'text',
  'question',
  'why',
  'label',
]);

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * The English lesson `raw` with its text fields taken from `text` where it has them: the
 * English lesson's own keys and values everywhere else (a field or step the translation
 * lacks stays English; anything the translation adds is ignored).
 */
export function translateLesson(raw: unknown, text: unknown): unknown {
  if (Array.isArray(raw))
    return raw.map((x, i) => translateLesson(x, Array.isArray(text) ? text[i] : undefined));
  if (!isRecord(raw)) return raw;
  const tr = isRecord(text) ? text : {};
  return Object.fromEntries(
    Object.entries(raw).map(([k, v]) => {
      const t = tr[k];
      if (typeof v === 'string')
        return [k, TEXT_FIELDS.has(k) && typeof t === 'string' && t.trim() !== '' ? t : v];
      return [k, translateLesson(v, t)];
    }),
  );
}

/**
 * The languages a lesson is written in: src/i18n/lang.ts's `Lang`, spelled here because
 * lessons/ is data and imports nothing (a `Lang` passes where this is asked, and a language
 * added there without lessons here is a type error at the call).
 */
export type Lang = 'en' | 'es';

/** Each language's translations, one lazily loaded chunk per file (English is the source). */
const TEXTS: Record<Exclude<Lang, 'en'>, Record<string, () => Promise<LessonText>>> = {
  es: Object.fromEntries(
    Object.entries(import.meta.glob<LessonText>('./es/*.json', { import: 'default' })).map(
      ([path, load]) => [path.replace(/^\.\/es\/|\.json$/g, ''), load],
    ),
  ),
};

const loaded = new Map<Lang, Readonly<Record<string, unknown>>>([['en', LESSON_FILES]]);
const loading = new Map<Lang, Promise<Readonly<Record<string, unknown>>>>();

/** Every lesson in `lang`, if already loaded (English always is); else undefined. */
export function lessonsNow(lang: Lang): Readonly<Record<string, unknown>> | undefined {
  return loaded.get(lang);
}

/**
 * Every lesson file's contents in `lang`, by id: the English file with the language's text
 * fields merged onto it (src/lessons/<lang>/<id>.json, loaded on first use). A lesson without
 * a translation stays English.
 */
export function lessonsFor(lang: Lang): Promise<Readonly<Record<string, unknown>>> {
  const known = loaded.get(lang);
  if (known) return Promise.resolve(known);
  let pending = loading.get(lang);
  if (!pending) {
    const texts = TEXTS[lang as Exclude<Lang, 'en'>];
    pending = Promise.all(
      Object.entries(LESSON_FILES).map(async ([id, raw]) => {
        const load = texts[id];
        return [id, load ? translateLesson(raw, await load()) : raw] as const;
      }),
    ).then((entries) => {
      const files = Object.fromEntries(entries);
      loaded.set(lang, files);
      return files;
    });
    pending.catch(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  return pending;
}

/** One lesson file's contents in `lang` (see lessonsFor); undefined when there is no such lesson. */
export async function lessonFor(id: string, lang: Lang): Promise<unknown> {
  return (await lessonsFor(lang))[id];
}
