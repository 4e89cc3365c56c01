/**
 * The message catalogues compiled ahead of time (FormatJS's ICU parser, at build time only):
 * each message becomes its abstract syntax tree, or stays a plain string when it is text alone,
 * so the app formats with `intl-messageformat`'s `formatToParts` and carries no parser.
 * vite.config.ts compiles `src/i18n/messages/<lang>.json?icu` with it; the catalogue tests
 * read the messages' arguments with it.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** One compiled message: its text when it has no argument, else its syntax tree. */
export type CompiledMessage = string | MessageFormatElement[];

/** Parses one ICU message (skeletons such as `::percent` read now, not in the browser). */
export function parseMessage(message: string): MessageFormatElement[] {
  return parse(message, { shouldParseSkeletons: true, requiresOtherClause: true });
}

export function compileMessage(message: string): CompiledMessage {
  const ast = parseMessage(message);
  if (ast.length === 0) return '';
  if (ast.every((el) => el.type === TYPE.literal))
    return ast.map((el) => (el.type === TYPE.literal ? el.value : '')).join('');
  return ast;
}

/** A catalogue's source (message id → ICU text) compiled; throws, naming the id, on bad ICU. */
export function compileCatalogue(source: Record<string, unknown>): Record<string, CompiledMessage> {
  const out: Record<string, CompiledMessage> = {};
  for (const [id, message] of Object.entries(source)) {
    if (typeof message !== 'string') throw new Error(`message ${id}: not text`);
    try {
      out[id] = compileMessage(message);
    } catch (err) {
      throw new Error(`message ${id}: ${err instanceof Error ? err.message : String(err)}`, {
        cause: err,
      });
    }
  }
  return out;
}

/**
 * What a message asks of its caller: each argument with its kind (`argument`, `number`,
 * `plural`, `select`, `tag`…), and each plural's or select's cases. Two translations of one
 * message must ask the same.
 */
export function messageShape(message: string): string[] {
  const found = new Set<string>();
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      switch (el.type) {
        case TYPE.literal:
        case TYPE.pound:
          break;
        case TYPE.tag:
          found.add(`${el.value}:tag`);
          walk(el.children);
          break;
        case TYPE.plural:
          found.add(`${el.value}:plural`);
          for (const option of Object.values(el.options)) walk(option.value);
          break;
        case TYPE.select:
          found.add(`${el.value}:select(${Object.keys(el.options).sort().join('|')})`);
          for (const option of Object.values(el.options)) walk(option.value);
          break;
        default:
          found.add(`${el.value}:${TYPE[el.type]}`);
      }
    }
  };
  walk(parseMessage(message));
  return [...found].sort();
}
