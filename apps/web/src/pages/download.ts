/** Hands a file made in the page to the browser as a download. */
export function download(filename: string, mediaType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: `${mediaType};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the file over; the address is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A picked file's bytes as base64, as /api/forms/load takes them. */
export async function fileAsBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}
