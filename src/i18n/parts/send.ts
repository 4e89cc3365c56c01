// Your machine's "send to the class atlas" (`send.…`).
import part from '../messages/en.json?only=send.&icu';
import { addEnglish } from '../catalog';

addEnglish(part);
