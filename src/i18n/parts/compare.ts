/** Compare mode's panel (A pinned, B the controls): `compare.`. */
import part from '../messages/en.json?only=compare.&icu';
import { addEnglish } from '../catalog';

addEnglish(part);
