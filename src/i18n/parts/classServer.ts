// The class server's sentences as a page shows them (`class.server.…`: src/views/class/words.ts).
import part from '../messages/en.json?only=class.server.&icu';
import { addEnglish } from '../catalog';

addEnglish(part);
