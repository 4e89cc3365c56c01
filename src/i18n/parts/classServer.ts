// The class server's refusals as a page shows them (`class.server.<code>`: src/class/refusals.ts).
import part from '../messages/en.json?only=class.server.&icu';
import { addEnglish } from '../catalog';

addEnglish(part);
