/**
 * The key each write is sent with (`Idempotency-Key`), so that the server makes it once however
 * often it arrives: one per call, kept through the call's own retries; and, while a form is
 * submitting, one per form and what is written, so that a Submit pressed again after the answer
 * was lost sends the same key for the same words and gets the first answer back. Words changed
 * before the second Submit make a new key: a new write.
 */

/** A new random key (crypto.randomUUID needs a secure page; plain http may not be one). */
export function newRequestKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** FNV-1a over the text, as base 36: the same words give the same key. */
function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

let formKey: string | null = null;

/** Runs a form's submit with its key: the writes it sends are keyed by it and their words. */
export async function withFormKey<T>(key: string, submit: () => Promise<T>): Promise<T> {
  formKey = key;
  try {
    return await submit();
  } finally {
    formKey = null;
  }
}

/** The key a write to `path` with `body` is sent with. */
export function requestKeyFor(path: string, body: unknown): string {
  return formKey
    ? `${formKey}:${fingerprint(`${path}\n${JSON.stringify(body ?? {})}`)}`
    : newRequestKey();
}
