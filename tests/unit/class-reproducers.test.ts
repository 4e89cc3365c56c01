/**
 * Issue 37's reproducers that take no more than HTTP, against the real server process
 * (server/main.ts, embedded PostgreSQL in a folder): a reveal racing a goto from a second
 * teacher tab (15 trials), malformed reveals (U+0000, low above high), names a spreadsheet or
 * the board would misread and the CSV they go to. The same run on Debian's PostgreSQL is in
 * class-postgres.test.ts; the in-process tests (class-control, class-server) say the same
 * with the test's own clock.
 */
import { beforeAll, describe } from 'vitest';
import { classServers, reproducerTests } from './class-process';

const { started, dir } = classServers('class-reproducers-');

describe('issue 37 against the real server process (PGlite)', () => {
  let url = '';
  beforeAll(async () => {
    ({ url } = await started(dir('data')));
  });
  reproducerTests(() => url);
});
