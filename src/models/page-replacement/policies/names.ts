/** The replacement policies, by name: a declaration (the trace-policy control lists them), no mechanism. */
export const POLICIES = ['FIFO', 'LRU', 'OPT', 'CLOCK', 'RAND'] as const;
export type Policy = (typeof POLICIES)[number];
