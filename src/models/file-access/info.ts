import { defineInfo } from '../define';
import { FITTED_VALUES } from './values';
import { FILE_ACCESS_PARAMS } from './params';

const SL = { records: 89_867, recordBytes: 256, residentPct: FITTED_VALUES.residentPct };

/** §1.3: FREADSEEK once every 4 reads, for the fourth record ahead; one call (8 pages) each time. */
const ORIGINAL_PROGRAM = {
  seekEveryRecords: 4,
  prefetchDistanceRecords: 4,
  prefetchPages: 8,
  seekCallPages: 8,
};

/** The model's declarations: all the main thread needs (no mechanism, see ../types.ts). */
export const fileAccessInfo = defineInfo({
  id: 'file-access',
  version: 3,
  title: 'File access: mapped files, page faults and prefetch (MPE/iX)',
  paper: '000_525c0b5ef756a1ce.txt',
  summary:
    'A program reads a file sequentially through a mapped pointer, FREAD or FREADDIR, optionally calling FREADSEEK to prefetch. ' +
    'CPU and one disc are simulated event by event, so when data is asked for matters as much as how much.',
  params: FILE_ACCESS_PARAMS,
  presetParam: 'table',
  dragParam: 'prefetchDistanceRecords',
  sections: {
    Experiment: 'workload',
    File: 'workload',
    Prefetch: 'workload',
    Disc: 'machine',
    'CPU costs': 'fitted',
  },
  migrations: {
    /**
     * v1 → v2: `prefetchPages` was the size of one FREADSEEK request; it is now the pages the
     * program prefetches per FREADSEEK point, in calls of `seekCallPages` (new, 8 by default).
     * A v1 link that set it keeps its meaning: one call bringing in that many pages.
     */
    1: (params) => {
      const out = new Map(params);
      const pages = params.get('prefetchPages');
      if (pages !== undefined && !params.has('seekCallPages')) out.set('seekCallPages', pages);
      return out;
    },
    /**
     * v2 → v3: the disc's one positioning per request (`discLatencyMs`) is now seek + rotation,
     * and the transfer (`discTransferMsPerPage`) is per KB, so page size scales it. A v2 link
     * that set them keeps their meaning: the same time per page at its page size, and the same
     * positioning for every request (rotation up to its default, the rest a seek that does not
     * depend on where the request starts).
     */
    2: (params) => {
      const out = new Map(params);
      const perPage = params.get('discTransferMsPerPage');
      out.delete('discTransferMsPerPage');
      if (perPage !== undefined) {
        const pageBytes = Number(params.get('logicalPageBytes') ?? 4096);
        const perKB = (Number(perPage) * 1024) / (pageBytes > 0 ? pageBytes : 4096);
        out.set('discTransferMsPerKB', String(Number(perKB.toPrecision(6))));
      }
      const latency = params.get('discLatencyMs');
      out.delete('discLatencyMs');
      if (latency !== undefined) {
        const l = Number(latency);
        const rotation = Math.min(l, FITTED_VALUES.discRotationMs);
        const seek = String(Number((l - rotation).toPrecision(6)));
        out.set('discRotationMs', String(Number(rotation.toPrecision(6))));
        out.set('discShortSeekMs', seek);
        out.set('discSeekMs', seek);
      }
      return out;
    },
  },
  presets: [
    {
      id: 'mpe-sl-seq',
      title: 'SL.PUB.SYS sequential read (89,867 × 256 B, from disc)',
      params: { table: 'mpe-sl-seq', ...SL, ...ORIGINAL_PROGRAM },
    },
    {
      id: 'mpe-catalog-resident',
      title: 'CATALOG.PUB.SYS memory resident (7,040 × 80 B)',
      params: {
        table: 'mpe-catalog-resident',
        records: 7040,
        recordBytes: 80,
        residentPct: 100,
        ...ORIGINAL_PROGRAM,
      },
    },
    {
      id: 'mpe-nl-seq',
      title: 'NL.PUB.SYS sequential read (64,275 × 256 B) — prediction',
      params: { table: 'mpe-nl-seq', ...SL, records: 64_275, ...ORIGINAL_PROGRAM },
    },
    {
      id: 'mpe-sl-postscript',
      title: 'SL.PUB.SYS with the Postscript’s prefetch (128 records ahead, 24 pages) — prediction',
      params: {
        table: 'mpe-sl-postscript',
        ...SL,
        // After each 24 logical pages (384 records), 128 records ahead, 24 pages: three
        // FREADSEEK calls of the system's 8 pages each.
        seekEveryRecords: 384,
        prefetchDistanceRecords: 128,
        prefetchPages: 24,
        seekCallPages: 8,
      },
    },
  ],
});
