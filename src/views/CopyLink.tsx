import { useEffect, useRef, useState } from 'react';

/** `copied` names the link it copied: after a scenario change, "Copied" would be about the old one. */
type CopyState = { kind: 'idle' } | { kind: 'copied'; link: string } | { kind: 'manual' };

/**
 * Copies the scenario's link. Where the clipboard API is missing or refused, the link is shown
 * in a read-only field, selected, for Ctrl+C / ⌘C.
 */
export function CopyLink({
  link,
  label = 'Copy link',
  testId = 'copy-link',
  copiedText = 'Link copied',
}: {
  link: string;
  label?: string;
  testId?: string;
  /** Said once the clipboard has it. */
  copiedText?: string;
}) {
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
        {label}
      </button>
      <span className="copy-status" role="status">
        {copied
          ? copiedText
          : manual
            ? 'The clipboard was refused: press Ctrl+C (⌘C) to copy the link below'
            : ''}
      </span>
      {manual && (
        <input
          ref={field}
          className="copy-field"
          type="text"
          readOnly
          value={link}
          aria-label="Link to this scenario"
          data-testid={`${testId}-field`}
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </div>
  );
}
