/** The model page's English (its head, tools, tables and charts' frame): `model.`, `results.`. */
import part from '../messages/en.json?only=model.,results.&except=results.record.&icu';
import { addEnglish } from '../catalog';

addEnglish(part);
