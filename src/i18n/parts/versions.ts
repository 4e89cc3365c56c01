/** A link of an older model version: `versions.`. */
import part from '../messages/en.json?only=versions.&icu';
import { addEnglish } from '../catalog';

addEnglish(part);
