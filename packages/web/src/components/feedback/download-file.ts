/** Saves `text` as a file the browser downloads (a Blob link clicked once, then let go). */
export function downloadFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
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
