export { memoryClaim, type MemoryEnv } from './memory';
export { directoryClaim, type DirectoryEnv } from './directory';
export { crossBoundaryClaim, type TransportEnv } from './crossBoundary';
export { cothreadsClaim, type CothreadEnv } from './cothreads';
export type { ClaimDef, RunSize } from './claim';
