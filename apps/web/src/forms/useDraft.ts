/**
 * A form's draft (drafts.ts): what it starts from, kept as it is typed, let go when the form is
 * sent, and, for an edit, when it closes.
 */
import { useEffect, useState, type RefObject } from 'react';
import type { FormContext, FormDef, Values } from './registry';
import {
  draftAccount,
  draftKeyOf,
  draftOf,
  earlierDraftOf,
  editedKind,
  forgetDraft,
  keepDraft,
} from './drafts';

export interface FormDraft {
  key: string;
  /** The words brought back, if any. */
  values: Values | undefined;
  /** Brought back from an earlier version of what the edit changes: where they were kept. */
  earlier: string | null;
  /** What the edit changes ('item', 'note', 'list'), to say it changed since. */
  kind: string;
  account: number;
}

/**
 * The draft a form opens with: long text typed here before and not sent, on the same thing
 * (cancelled, or the page loaded again since); for an edit whose thing changed before the page
 * loaded again, the words typed for the version before (`earlier`).
 */
export function useDraft(def: FormDef, ctx: FormContext): FormDraft | null {
  const [draft] = useState(() => {
    const key = draftKeyOf(def, ctx);
    if (key === null) return null;
    const own = draftOf(key);
    const earlier = own || !def.edits ? undefined : earlierDraftOf(key);
    return {
      key,
      values: own ?? earlier?.values,
      earlier: earlier?.key ?? null,
      kind: editedKind(ctx),
      account: draftAccount(),
    };
  });
  return draft;
}

/** The draft, and any it was brought back from, let go. */
export function forgetFormDraft(draft: FormDraft | null): void {
  if (!draft) return;
  forgetDraft(draft.key);
  if (draft.earlier) forgetDraft(draft.earlier);
}

/**
 * What is typed is kept as a draft as it is typed (a reload finds it), until it is sent; an edit
 * cancelled is let go: its words come back only to a page loaded again meanwhile.
 */
export function useKeepDraft(
  draft: FormDraft | null,
  def: FormDef,
  values: Values,
  start: Values,
  typed: RefObject<boolean>,
  sent: RefObject<boolean>,
): void {
  useEffect(() => {
    if (draft && typed.current && !sent.current)
      keepDraft(draft.key, def.fields, values, draft.account, start);
    return def.edits && draft ? () => forgetFormDraft(draft) : undefined;
  }, [draft, def.fields, def.edits, values, start, typed, sent]);
}
