/** The charts' English (`chart.…`): their frame, data sentences, tables and walks. */
import part from '../messages/en.json?only=chart.&icu';
import { addEnglish } from '../catalog';

addEnglish(part);
