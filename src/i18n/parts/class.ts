// The class pages' English (`class.…`); the server's sentences are their own part.
import part from '../messages/en.json?only=class.&except=class.server.&icu';
import { addEnglish } from '../catalog';
import './classServer';

addEnglish(part);
