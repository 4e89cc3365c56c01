/**
 * What the full app shows instead of itself inside another site's frame, when the host sent no
 * `frame-ancestors` header to stop it (src/main.tsx decides): a sentence and a link that opens
 * the same address in a tab of its own. No app UI, so a hidden frame has nothing to click.
 */
export function FramedNotice({ href }: { href: string }) {
  return (
    <main id="main" className="framed-notice" data-testid="framed-notice">
      <p>
        Latency Lab does not run inside another site’s page (only its embed links do).{' '}
        <a href={href} target="_blank" rel="noopener noreferrer">
          Open it in its own tab <span aria-hidden="true">↗</span>
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </main>
  );
}
