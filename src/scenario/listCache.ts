import type { ParamSpec } from '../models/types';

/**
 * The last list packed and the last unpacked, shared by the reader and the writer: a page
 * rewrites and re-reads its link on every slider step, and a long list should be packed and
 * unpacked once, not on every step.
 */
export const listCache: {
  packed: { value: string; text: string };
  unpacked: { spec: ParamSpec | null; text: string; value: string };
} = {
  packed: { value: '', text: '' },
  unpacked: { spec: null, text: '', value: '' },
};
