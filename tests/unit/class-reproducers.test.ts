/**
 * Issue 37's reproducers that take no more than HTTP, against the real server process
 * (server/main.ts, embedded PostgreSQL in a folder): a reveal racing a goto from a second
 * teacher tab (15 trials), malformed reveals (U+0000, low above high), names a spreadsheet or
 * the board would misread and the CSV they go to. The same run on Debian's PostgreSQL is in
 * class-postgres.test.ts; the in-process tests (class-control, class-server) say the same
 * with the test's own clock.
 */
import { beforeAll, describe, it } from 'vitest';
import { freePort } from './class-helpers';
import { classServers, ready, reproducers } from './class-process';

const { server, dir } = classServers('class-reproducers-');

describe('issue 37 against the real server process (PGlite)', () => {
  let url = '';
  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}/`;
    await ready(server(port, dir('data')), url);
  });

  it('never leaves a class on step 2 with step 1’s reveal (reveal racing goto, 15 times)', () =>
    reproducers.revealRacingGoto(url));
  it('refuses a reveal label with U+0000 and an interval with low above high (400)', () =>
    reproducers.malformedReveals(url));
  it('refuses invisible and stacked names; the CSV quotes every field', () =>
    reproducers.namesAndCsv(url));
});
