/**
 * The English messages of the pages in chunks of their own (home, glossary, lessons, a link to
 * no page, the shortcuts, the predictions, your machine): imported by those pages, so the first
 * page's bundle carries only the shell's (./catalog.ts). A page the first bundle holds keeps its
 * messages under `shell.` or `common.`. The other areas (the model page, the class, the charts…)
 * each have a part of their own in ./parts/, imported by their components, with the ids under
 * that area's prefix: a page loads the English it shows, not every page's.
 */
import pages from './messages/en.json?only=shortcuts.,keys.,home.,notFound.,notEmbed.,glossary.,lessons.,problems.,predictions.,machine.&icu';
import { addEnglish } from './catalog';

addEnglish(pages);
