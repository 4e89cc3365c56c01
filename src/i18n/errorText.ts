import { errorSentence, type MessageId } from './catalog';
import type { Translate } from './LangContext';

/**
 * An error a run ended with, in the page's language: a worker's or its client's sentence
 * (src/i18n/errorSentences.ts) from the catalogue, any other (and every one on the English
 * page) as its message says it.
 */
export function errorText(t: Translate, error: { message: string } | string): string {
  const message = typeof error === 'string' ? error : error.message;
  if (t.lang === 'en') return message;
  const said = errorSentence(message);
  if (!said) return message;
  const values = { ...said.values };
  for (const [key, part] of Object.entries(said.parts ?? {}))
    values[key] = t(part.id as MessageId, part.values);
  return t(said.id as MessageId, values);
}
