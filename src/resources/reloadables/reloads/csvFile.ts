/** CSV only (SPEC §5): by extension, since browsers type a .csv as text/csv, application/vnd.ms-excel or nothing at all. */
export function isCsvFile(file: File): boolean {
  return /\.csv$/i.test(file.name) && !/^(image|video|audio)\//.test(file.type);
}

/** SPEC §3 "File to upload": type, name and base64 content without the data-URL prefix. */
export function fileToUpload(file: File): Promise<{ type: string; name: string; content: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.onload = () => {
      const url = String(reader.result);
      resolve({ type: file.type || 'text/csv', name: file.name, content: url.slice(url.indexOf(',') + 1) });
    };
    reader.readAsDataURL(file);
  });
}
