import { useEffect, useState } from 'react';
import type { Lang } from '../../i18n/lang';
import { lessonsFor, lessonsNow } from '../../lessons/files';

export type LessonFiles = Readonly<Record<string, unknown>>;

/**
 * Every lesson file in `lang` (src/lessons/files.ts, lessonsFor): at once when already loaded (English
 * always), else null until its translations arrive; a translation that cannot load leaves the
 * English lessons, never an empty page.
 */
export function useLessonFiles(lang: Lang): LessonFiles | null {
  const [files, setFiles] = useState<{ lang: Lang; files: LessonFiles } | null>(null);
  const now = lessonsNow(lang);
  useEffect(() => {
    if (lessonsNow(lang)) return;
    let live = true;
    lessonsFor(lang).then(
      (f) => live && setFiles({ lang, files: f }),
      () => live && setFiles({ lang, files: lessonsNow('en')! }),
    );
    return () => {
      live = false;
    };
  }, [lang]);
  return now ?? (files?.lang === lang ? files.files : null);
}
