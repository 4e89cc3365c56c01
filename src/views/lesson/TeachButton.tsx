import { useState } from 'react';
import { classApi, remember } from '../../class/client';
import type { View } from '../../scenario';
import { classHash } from '../../state/classLink';
import { navigate } from '../../state/location';
import '../../i18n/parts/lesson';
import { useT } from '../../i18n/LangContext';
import { problemOf, type Problem } from '../../class/refusals';
import { said } from '../class/words';

/**
 * Only on the class server (npm run class): open this lesson for a class. The server returns a
 * join code for the room and a teacher key, which stays in this browser (never in a link).
 */
export function TeachButton({ lessonId, view }: { lessonId: string; view: View | undefined }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Problem | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const created = await classApi.create(lessonId);
      remember('teacher', created.code, created);
      navigate(classHash(created.code, 'teacher', view), { replace: false });
    } catch (e) {
      setError(problemOf(e));
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" onClick={() => void start()} disabled={busy} data-testid="class-start">
        {busy ? t('lesson.opening') : t('lesson.teach')}
      </button>
      {error && (
        <span className="field-problem" role="alert">
          {said(t, error)}
        </span>
      )}
    </>
  );
}
