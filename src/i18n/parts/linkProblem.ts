/** What is wrong with a link, said in the page's language (src/views/problemText.ts): `linkProblem.`. */
import part from '../messages/en.json?only=linkProblem.&icu';
import { addEnglish } from '../catalog';

addEnglish(part);
