// The parameter panel's English (src/views/Controls.tsx): see ./README.md.
import part from '../messages/en.json?only=controls.&icu';
import { addEnglish } from '../catalog';

addEnglish(part);
