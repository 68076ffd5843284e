/**
 * Saves `content` as a file the browser downloads (a Blob link clicked once, then let go): the
 * console's codes CSV, a member's data export.
 */
export function downloadFile(fileName: string, content: string | Blob, type?: string): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the Blob to the download; a moment later the address can go.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
