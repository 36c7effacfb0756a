/**
 * Saves a file the app fetched (its bytes already in memory): an object URL clicked as a download link. The URL
 * is revoked later, not at once: some browsers still read it after the click returns (FileSaver.js waits 40 s too).
 */
export function saveFile({ blob, filename }: { blob: Blob; filename: string }): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}
