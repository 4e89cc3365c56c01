// A lesson's page (`lesson.…`): the step, its prediction box and the reveal.
import part from '../messages/en.json?only=lesson.&icu';
import { addEnglish } from '../catalog';

addEnglish(part);
