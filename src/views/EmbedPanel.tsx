import { useId, useState } from 'react';
import type { EmbedControls, LinkMode, Scenario } from '../scenario';
import { embedLink } from '../state/scenarioLink';
import { CopyLink } from './CopyLink';

/** The iframe's height: the title, the first table and a chart without an inner scroll. */
export const EMBED_HEIGHT_PX = 820;

const CHOICES: { value: EmbedControls | 'none'; label: string }[] = [
  { value: 'none', label: 'Results only' },
  { value: 'read', label: 'Results and the parameter values (read-only)' },
  { value: 'edit', label: 'Results and the controls (readers can change them)' },
];

function escapeAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The least a sandboxed frame needs (tests/e2e/hosting.test.ts runs the app under exactly this):
 * scripts; its own origin (without it the page's module scripts and the model workers, fetched
 * from an opaque origin, are refused); popups that leave the sandbox (the "Open in Latency Lab"
 * link opens the full app in a tab of its own, not sandboxed); downloads (the CSV, PNG and SVG
 * buttons). No top navigation, forms or modals: the embed never uses them.
 */
export const EMBED_SANDBOX =
  'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-downloads';
/** Copy buttons (a live panel's results) write the clipboard; they fall back to a text field. */
export const EMBED_ALLOW = 'clipboard-write';

/** The HTML a course page pastes: an iframe of the embed link, titled for screen readers. */
export function embedSnippet(src: string, title: string): string {
  return (
    `<iframe src="${escapeAttr(src)}" title="${escapeAttr(title)}" ` +
    `width="100%" height="${EMBED_HEIGHT_PX}" style="border:0" loading="lazy" ` +
    `sandbox="${EMBED_SANDBOX}" referrerpolicy="no-referrer" allow="${EMBED_ALLOW}"></iframe>`
  );
}

/**
 * "Embed": the embed link of this scenario (and its comparison, if any), a choice of what the
 * embedded page shows of the parameters, the snippet to paste into a course page, and Copy.
 */
export function EmbedPanel({
  scenario,
  mode,
  title,
}: {
  scenario: Scenario;
  mode: LinkMode;
  title: string;
}) {
  const [controls, setControls] = useState<EmbedControls | 'none'>('none');
  const name = useId();
  const snippetId = useId();
  const src = embedLink(scenario, {
    pinned: mode.pinned,
    controls: controls === 'none' ? undefined : controls,
  });
  const snippet = embedSnippet(src, `Latency Lab: ${title}`);
  return (
    <div className="embed-panel" data-testid="embed-panel">
      <fieldset>
        <legend>The embedded page shows</legend>
        {CHOICES.map((c) => (
          <label key={c.value}>
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={controls === c.value}
              onChange={() => setControls(c.value)}
            />{' '}
            {c.label}
          </label>
        ))}
      </fieldset>
      <label htmlFor={snippetId} className="embed-label">
        HTML to paste into a course page
      </label>
      <textarea
        id={snippetId}
        className="embed-snippet"
        readOnly
        rows={4}
        value={snippet}
        data-testid="embed-snippet"
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="embed-actions">
        <CopyLink
          link={snippet}
          label="Copy the HTML"
          testId="copy-embed"
          copiedText="HTML copied"
        />
        <a href={src} target="_blank" rel="noopener" data-testid="embed-preview">
          Open the embed link in a new tab
        </a>
      </div>
    </div>
  );
}
