/**
 * The sentences a worker or its client (src/state/workerClient.ts, workers/, the models' live
 * runs) ends a run with, as written in English, each with its message in the other languages'
 * catalogues (`workerError.<id>`, whose values are the sentence's parts), loaded with those
 * catalogues (../catalog.ts): the first page's bundle carries none of it, and the English page
 * shows the error's own message (./errorText.ts). tests/unit/error-text.test.ts reads
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
  // The browser's own words when a lazy part's script could not be fetched (Chromium's).
  [/^Failed to fetch dynamically imported module: (.+)$/, 'chunk', ['url']],
  // A fetch the network refused (Chromium's words), and a file the server answered with an error.
  [/^Failed to fetch$/, 'fetch', []],
  [/^HTTP (\d+)$/, 'http', ['status']],
];

/**
 * The workers' names (the `name` of a WorkerClient's options, src/state/workerClient.ts), each
 * a code whose words are `workerError.name.<code>`: a sentence's `{name}` said in the page's
 * language ("Falló el worker «barrido de memoria»"); a name not listed stays as it is.
 */
const NAMES: readonly [RegExp, string, readonly string[]][] = [
  [/^(tables|charts|trace|pinned|lesson|map|link|long-run)$/, '', []],
  [/^live benchmark callee$/, 'callee', []],
  [/^shared-memory (server|client)$/, 'sab', ['role']],
  [/^cothread job (\d+)$/, 'cothreadJob', ['n']],
  [/^directory-search measurement$/, 'directory', []],
  [/^memory sweep$/, 'memory', []],
  [/^trace reader$/, 'traceReader', []],
  [/^your machine$/, 'machine', []],
];

type Said = { id: string; values: Record<string, string> };

/** A worker's name as a message, by its code; null for a name not listed. */
function nameSaid(name: string): Said | null {
  return match(
    NAMES,
    name,
    (id, m) => (id === '' ? m[0]!.replace('-', '') : id),
    'workerError.name.',
  );
}

function match(
  list: readonly [RegExp, string, readonly string[]][],
  text: string,
  idOf: (id: string, m: RegExpExecArray) => string,
  prefix: string,
): Said | null {
  for (const [pattern, id, names] of list) {
    const m = pattern.exec(text);
    if (!m) continue;
    const values: Record<string, string> = {};
    names.forEach((name, i) => (values[name] = m[i + 1] ?? ''));
    return { id: `${prefix}${idOf(id, m)}`, values };
  }
  return null;
}

/**
 * The message id and values of a known English sentence; null for any other. `parts` are its
 * values that are messages of their own (a worker's name).
 */
export function errorSaid(message: string): (Said & { parts: Record<string, Said> }) | null {
  const said = match(SENTENCES, message, (id) => id, 'workerError.');
  if (!said) return null;
  const name = said.values.name !== undefined ? nameSaid(said.values.name) : null;
  return { ...said, parts: name ? { name } : {} };
}
