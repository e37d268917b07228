/**
 * Text PostgreSQL cannot store: the NUL character, and a UTF-16 surrogate that is not one half of
 * a pair (a lone surrogate has no UTF-8 form, so a driver would either refuse it or quietly change
 * it to U+FFFD). Every request is checked for it, field by field, before anything is written, so
 * the answer names the field instead of failing somewhere in the database.
 */

// eslint-disable-next-line no-control-regex -- NUL is one of the characters looked for.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const storableTextMsg = {
  unstorable: (field: string) => `${field}: this text has a character that cannot be stored`,
} as const;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

interface Step {
  value: unknown;
  key: string | null;
  parent: Step | null;
}

function pathOf(step: Step): string {
  const keys: string[] = [];
  for (let s: Step | null = step; s; s = s.parent) if (s.key !== null) keys.push(s.key);
  return keys.reverse().join('.');
}

/** A key shown in a message: its unstorable characters as U+FFFD. */
const shown = (key: string) => key.replace(new RegExp(UNSTORABLE.source, 'g'), '\ufffd');

/**
 * The dotted path (`lists.0.title`) of the first string in a parsed JSON value, in document
 * order, that cannot be stored, whether it is a value or a key; '' when the value itself is
 * such a string; null when every string can be stored. Walks without recursion, so a deeply
 * nested body cannot exhaust the stack.
 */
export function unstorableTextPath(value: unknown): string | null {
  const stack: Step[] = [{ value, key: null, parent: null }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const v = step.value;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return pathOf(step);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push({ value: v[i], key: String(i), parent: step });
      }
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      const keys = Object.keys(v);
      for (const key of keys) {
        if (!isStorableText(key)) return pathOf({ value: key, key: shown(key), parent: step });
      }
      for (const key of [...keys].reverse()) {
        stack.push({ value: (v as Record<string, unknown>)[key], key, parent: step });
      }
    }
  }
  return null;
}
