/** The predictions page's records (the blind record, one table out of four): `results.record.`. */
import part from '../messages/en.json?only=results.record.&icu';
import { addEnglish } from '../catalog';

addEnglish(part);
