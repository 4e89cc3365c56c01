import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/LangContext';

/** `copied` names the link it copied: after a scenario change, "Copied" would be about the old one. */
type CopyState = { kind: 'idle' } | { kind: 'copied'; link: string } | { kind: 'manual' };

/**
 * Copies the scenario's link. Where the clipboard API is missing or refused, the link is shown
 * in a read-only field, selected, for Ctrl+C / ⌘C.
 */
export function CopyLink({
  link,
  label,
  testId = 'copy-link',
  copiedText,
}: {
  link: string;
  label?: string;
  testId?: string;
  /** Said once the clipboard has it. */
  copiedText?: string;
}) {
  const t = useT();
  const [state, setState] = useState<CopyState>({ kind: 'idle' });
  const field = useRef<HTMLInputElement>(null);
  const copied = state.kind === 'copied' && state.link === link;
  const manual = state.kind === 'manual';

  useEffect(() => {
    if (state.kind !== 'copied') return;
    const t = setTimeout(() => setState({ kind: 'idle' }), 2500);
    return () => clearTimeout(t);
  }, [state]);

  useEffect(() => {
    if (!manual) return;
    // Focused and selected: Ctrl+C (⌘C) copies it straight away.
    field.current?.focus();
    field.current?.select();
  }, [manual]);

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setState({ kind: 'copied', link });
    } catch {
      setState({ kind: 'manual' });
    }
  }

  return (
    <div className="copy-link">
      <button type="button" onClick={() => void copy()} data-testid={testId}>
        {label ?? t('common.copyLink')}
      </button>
      <span className="copy-status" role="status">
        {copied
          ? (copiedText ?? t('common.linkCopied'))
          : manual
            ? t('common.clipboardRefused')
            : ''}
      </span>
      {manual && (
        <input
          ref={field}
          className="copy-field"
          type="text"
          readOnly
          value={link}
          aria-label={t('common.linkField')}
          data-testid={`${testId}-field`}
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </div>
  );
}
