/** A file name from parts: letters, digits, `.`, `_` and `-`; anything else becomes `-`. */
export function fileName(parts: readonly string[], extension: string): string {
  const base = parts
    .join('-')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '');
  return `${base || 'latency-lab'}.${extension}`;
}

/** Saves `blob` as `name` through an `<a download>` with a blob: URL, revoked afterwards. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started by the time a task later; a minute leaves a wide margin.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
