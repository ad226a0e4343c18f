/** Hands bytes fetched with the bearer token to the browser as a named download. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // the click has started the download; the URL can go once the browser has read it
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The filename a Content-Disposition header names, else `fallback`. */
export function filenameOf(disposition: string | null, fallback: string): string {
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return m?.[1] ? decodeURIComponent(m[1]) : fallback;
}
