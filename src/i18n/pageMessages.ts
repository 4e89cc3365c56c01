/**
 * The English messages of the pages in chunks of their own (home, glossary, lessons, a link to
 * no page, the shortcuts): imported by those pages, so the first page's bundle carries only the
 * shell's (./catalog.ts). A page the first bundle holds keeps its messages under `shell.` or `common.`.
 */
import pages from './messages/en.json?except=shell.,lang.,format.,common.&icu';
import { addEnglish } from './catalog';

addEnglish(pages);
