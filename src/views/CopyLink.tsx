import { useEffect, useRef, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'manual';

/**
 * Copies the scenario's link. Where the clipboard API is missing or refused, the link is shown
 * in a read-only field, selected, for Ctrl+C / ⌘C.
 */
export function CopyLink({ link }: { link: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const field = useRef<HTMLInputElement>(null);

  // A new scenario is a new link: the "Copied" note would be about the old one.
  useEffect(() => setState((s) => (s === 'copied' ? 'idle' : s)), [link]);

  useEffect(() => {
    if (state !== 'copied') return;
    const t = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(t);
  }, [state]);

  useEffect(() => {
    if (state === 'manual') field.current?.select();
  }, [state]);

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setState('copied');
    } catch {
      setState('manual');
    }
  }

  return (
    <div className="copy-link">
      <button type="button" onClick={() => void copy()} data-testid="copy-link">
        Copy link
      </button>
      <span className="copy-status" role="status">
        {state === 'copied' ? 'Copied' : state === 'manual' ? 'Press Ctrl+C (⌘C) to copy' : ''}
      </span>
      {state === 'manual' && (
        <input
          ref={field}
          className="copy-field"
          type="text"
          readOnly
          value={link}
          aria-label="Link to this scenario"
          data-testid="copy-link-field"
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </div>
  );
}
