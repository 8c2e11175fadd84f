/** CSV only (SPEC §5): by extension, since browsers type a .csv as text/csv, application/vnd.ms-excel or nothing at all. */
export function isCsvFile(file: File): boolean {
  return /\.csv$/i.test(file.name) && !/^(image|video|audio)\//.test(file.type);
}

function read(file: File, as: 'text' | 'dataUrl'): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.onload = () => resolve(String(reader.result));
    if (as === 'text') reader.readAsText(file);
    else reader.readAsDataURL(file);
  });
}

/** A chosen file's text (UTF-8). */
export const fileText = (file: File): Promise<string> => read(file, 'text');

/** SPEC §3 "File to upload": type (`fallbackType` when the browser gives none), name and base64 content without the data-URL prefix. */
export async function fileToUpload(file: File, fallbackType = ''): Promise<{ type: string; name: string; content: string }> {
  const url = await read(file, 'dataUrl');
  return { type: file.type || fallbackType, name: file.name, content: url.slice(url.indexOf(',') + 1) };
}
