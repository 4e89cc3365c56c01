/** The explore strip's and panels' English (`explore.…`): below a model's results. */
import part from '../messages/en.json?only=explore.&icu';
import { addEnglish } from '../catalog';

addEnglish(part);
