/** Hands a downloaded file to the browser under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // give the browser time to start the download before the URL goes away
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
