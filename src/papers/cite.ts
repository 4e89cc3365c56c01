import { PAPERS } from './papers';

/** A seed file's name (../shared/seeds/): `000_525c0b5ef756a1ce.txt`. Internal, never shown. */
export const SEED_FILE = /\b\d{3}_[0-9a-f]{16}\.txt\b/g;

/** "S. Sieler, “MPE/iX and Performance: Not Incompatible”": a paper as a reader knows it. */
export function paperCitation(file: string): string {
  const p = PAPERS.find((x) => x.file === file);
  return p ? `${p.authors}, “${p.title}”` : 'one of the papers';
}

/**
 * A table's source as people read it: every seed file name in `source` becomes the paper's
 * author and title, the section that follows kept after a comma —
 * `000_525c0b5ef756a1ce.txt §1.3` → `S. Sieler, “MPE/iX and Performance: Not Incompatible”, §1.3`.
 */
export function citeSource(source: string): string {
  return source.replace(
    new RegExp(`${SEED_FILE.source}(,?) ?`, 'g'),
    (whole, _comma: string, offset: number, all: string) => {
      const file = whole.replace(/,? ?$/, '');
      const rest = all.slice(offset + whole.length);
      return `${paperCitation(file)}${rest === '' || rest.startsWith(')') ? '' : ', '}`;
    },
  );
}
