// The models' own panels (live runs, traces, memory results): src/models/*/view/, src/views/LiveRunStatus.tsx.
import part from '../messages/en.json?only=panel.&icu';
import { addEnglish } from '../catalog';

addEnglish(part);
