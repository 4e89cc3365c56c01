/** A message catalogue, or a part of one, compiled at build time (vite.config.ts, `icuCatalogues`). */
declare module '*&icu' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  const messages: Record<string, string | MessageFormatElement[]>;
  export default messages;
}
declare module '*.json?icu' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  const messages: Record<string, string | MessageFormatElement[]>;
  export default messages;
}
