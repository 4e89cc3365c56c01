/**
 * Reads a long link off the main thread: a link opened from outside (page load, address bar,
 * back or forward) may be up to 1 MB, whose reading took half a second of the page's main
 * thread (issue 37). It runs the same codec as the page (src/scenario), exposes it over
 * comlink, and does nothing else. Long lists come back with their link text, so the page
 * neither unpacks nor packs them again (`rememberListText`).
 */
import { findModelInfo } from '../src/models/registry';
import {
  listLinkText,
  MAX_READABLE_LIST_CHARS,
  parsePermalink,
  type ParseResult,
} from '../src/scenario';
import { exposeInWorker } from './expose';

export interface LinkReading {
  result: ParseResult;
  /** The scenario's long list values (by key), each with the text a link writes for it. */
  lists: { key: string; text: string }[];
}

export const linkApi = {
  parse(hash: string): LinkReading {
    const result = parsePermalink(hash);
    const scenario = result.scenario;
    const model = scenario ? findModelInfo(scenario.modelId) : undefined;
    const lists: LinkReading['lists'] = [];
    for (const spec of model?.params ?? []) {
      const value = scenario?.params[spec.key];
      if (
        spec.kind === 'list' &&
        typeof value === 'string' &&
        value.length > MAX_READABLE_LIST_CHARS
      )
        lists.push({ key: spec.key, text: listLinkText(value) });
    }
    return { result, lists };
  },
};

export type LinkApi = typeof linkApi;

exposeInWorker(linkApi);
