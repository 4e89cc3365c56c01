import { useUpdate } from '../state/updates';
import { useT } from '../i18n/LangContext';

/**
 * "A new version is available": Reload lets the new build in (the state is in the link, so
 * the page comes back as it is, on the new version); Later keeps this one for the session —
 * a teacher mid-lesson decides when.
 */
export function UpdateBar() {
  const t = useT();
  const { waiting, postponed, reload, later } = useUpdate();
  if (!waiting || postponed) return null;
  return (
    <div className="update-bar" role="status" aria-live="polite" data-testid="update-bar">
      <span>{t('shell.update')}</span>{' '}
      <button type="button" onClick={reload} data-testid="update-reload">
        {t('shell.updateReload')}
      </button>{' '}
      <button type="button" onClick={later} data-testid="update-later">
        {t('shell.updateLater')}
      </button>
    </div>
  );
}
