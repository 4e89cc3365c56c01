/** The embed snippet builder and an embedded page: `embed.`. */
import part from '../messages/en.json?only=embed.&icu';
import { addEnglish } from '../catalog';

addEnglish(part);
