import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/LangContext';

/** What every exported live result carries, so a class can pool results from many machines. */
export function machineFacts() {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    userAgent: nav?.userAgent ?? 'unknown',
    hardwareConcurrency: nav?.hardwareConcurrency ?? null,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    measuredAt: new Date().toISOString(),
  };
}

type CopyState = 'idle' | 'copied' | 'manual';

/**
 * “Copy my results”: a live panel's measurement as JSON (with the browser's user agent and
 * core count), or a model page's results document. Where the clipboard is missing or refused,
 * the JSON is shown in a read-only field, selected, for Ctrl+C / ⌘C.
 */
export function CopyResults({
  json,
  testId,
  label,
  disabled = false,
}: {
  json: () => string;
  testId: string;
  label?: string;
  disabled?: boolean;
}) {
  const t = useT();
  const [state, setState] = useState<CopyState>('idle');
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (state !== 'copied') return;
    const t = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(t);
  }, [state]);

  useEffect(() => {
    if (state === 'manual') field.current?.select();
  }, [state]);

  async function copy() {
    const value = json();
    setText(value);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('manual');
    }
  }

  return (
    <div className="copy-link">
      <button type="button" onClick={() => void copy()} data-testid={testId} disabled={disabled}>
        {label ?? t('common.copyResults')}
      </button>
      <span className="copy-status" role="status">
        {state === 'copied'
          ? t('common.copied')
          : state === 'manual'
            ? t('common.pressToCopy')
            : ''}
      </span>
      {state === 'manual' && (
        <textarea
          ref={field}
          className="copy-field"
          readOnly
          rows={6}
          value={text}
          aria-label={t('common.resultsField')}
          data-testid={`${testId}-field`}
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </div>
  );
}
