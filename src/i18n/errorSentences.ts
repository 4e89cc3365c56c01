/**
 * The sentences a worker or its client (src/state/workerClient.ts, workers/, the models' live
 * runs) ends a run with, as written in English, each with its message in the other languages'
 * catalogues (`workerError.<id>`, whose values are the sentence's parts), loaded with those
 * catalogues (../catalog.ts): the first page's bundle carries none of it, and the English page
 * shows the error's own message (src/views/errorText.ts). tests/unit/error-text.test.ts reads
 * every such sentence in those sources and fails on one that no pattern here matches.
 */
const SENTENCES: readonly [RegExp, string, readonly string[]][] = [
  [/^This browser cannot run Web Workers\.$/, 'noWorkers', []],
  [/^The (.+) worker failed: it could not be loaded$/, 'notLoaded', ['name']],
  [/^The (.+) worker failed: (.+)$/, 'failed', ['name', 'detail']],
  [/^The (.+) worker sent a message that could not be read\.$/, 'unreadable', ['name']],
  [
    /^The (.+) worker did not answer within (\d+) s; it was stopped and will be restarted\.$/,
    'timeout',
    ['name', 's'],
  ],
  [/^Cancelled\.$/, 'cancelled', []],
  [/^No tables\.$/, 'noTables', []],
  [/^No plan\.$/, 'noPlan', []],
  [/^Unknown model "(.+)"$/, 'unknownModel', ['model']],
  [
    /^Only (\d+) of (\d+) workers reached the start line within 10 s\.$/,
    'startLine',
    ['seen', 'n'],
  ],
  [/^A job's chain must be between 4 KB and 256 MB, not (\d+) B\.$/, 'chain', ['bytes']],
  [/^prepare the job before (calibrating|running) it$/, 'unprepared', ['what']],
  [/^(.+) must be one of ([\d, ]+) bytes, not (\d+)\.$/, 'spacing', ['name', 'allowed', 'bytes']],
  [
    /^The largest working set must be between 4 KB and 256 MB, not (\d+) B\.$/,
    'workingSet',
    ['bytes'],
  ],
  [/^The shared-memory server stopped early\.$/, 'sabStopped', []],
];

/** The message id and values of a known English sentence; null for any other. */
export function errorSaid(message: string): { id: string; values: Record<string, string> } | null {
  for (const [pattern, id, names] of SENTENCES) {
    const m = pattern.exec(message);
    if (!m) continue;
    const values: Record<string, string> = {};
    names.forEach((name, i) => (values[name] = m[i + 1] ?? ''));
    return { id: `workerError.${id}`, values };
  }
  return null;
}
