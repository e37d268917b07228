/**
 * Every modal form is a declarative entry rendered by one generic Form. A form's submit returns
 * null on success or the message to show; the form stays open with what was typed on failure.
 */
import type { Multilist, PublicUser } from '@listboard/core';
import type { ApiCall, ChangeCall } from '../api/client';
import type { Display, Prefs, Selection } from '../state/ui';

export type FieldType =
  | 'text'
  | 'email'
  | 'url'
  | 'textarea'
  | 'password'
  | 'checkbox'
  | 'number'
  | 'select'
  | 'file'
  | 'datetime-local';

export interface Field {
  name: string;
  label: string;
  /** The label as the form's values make it (a note's moment: “At 1:05 of the recording”). */
  labelOf?: (values: Values) => string;
  type: FieldType;
  required?: boolean;
  options?: readonly string[];
  placeholder?: string;
  autoComplete?: string;
  /** For file fields: the accept attribute, and whether several files may be picked. */
  accept?: string;
  multiple?: boolean;
  /** A line of help under the field. */
  hint?: string;
  /** A textarea that suggests people to mention as `@` is typed (MentionArea). */
  mentions?: boolean;
  /** Shown only while the form's values make it matter (an editor's privileges, say). */
  shownWhen?: (values: Values) => boolean;
}

export type Values = Record<string, string | number | boolean | File[]>;

export interface FormContext {
  user: PublicUser | null;
  board: Multilist | null;
  /** At submit: the board as it was when the form opened (others' changes may have come since). */
  opened?: Multilist | null;
  target: Selection;
  noteId?: string;
  /** A change: a failure is alerted, a success reloads the boards. */
  call: ChangeCall;
  /** A call whose answer the form needs; the form shows a failure itself. */
  api: ApiCall;
  signIn: (username: string, password: string) => Promise<string | null>;
  /** Signs out and continues as guest. */
  signOut: () => Promise<void>;
  navigate: (to: string) => void;
  /** Loads the boards on screen again (after a change made through `api`). */
  reload?: () => void;
  alert: (text: string) => void;
  /**
   * The submit's: aborted when the form closes before the submit is done (Cancel, Escape, the
   * page moving on). A long submit (an upload) stops there and does nothing after.
   */
  signal?: AbortSignal;
  /** The group new notes go to, chosen with the select-group form. */
  group: string | null;
  setGroup: (name: string | null) => void;
  /** The board's view state and this browser's preferences, for the view forms. */
  display?: Display;
  setDisplay?: (patch: Partial<Display>) => void;
  prefs?: Prefs;
  setPrefs?: (patch: Partial<Prefs>) => void;
}

/** Words quoted above a form's fields, under a caption naming what they are. */
export interface Quote {
  label: string;
  text: string;
}

export interface FormDef {
  id: string;
  label: string;
  /** A line under the label, saying what submitting will do. */
  description?(ctx: FormContext): string;
  /** What the form is about (a note's passage, its item, the note answered), above the fields. */
  quote?(ctx: FormContext): Quote | null;
  fields: Field[];
  submitLabel?: string;
  /**
   * A yes-or-no question (delete this?): it shows in the header's confirm bar, not the form bar
   * (inside a list when that list's editor opened it).
   */
  confirm?: boolean;
  /**
   * Changes words already written (an item's text, a list's title): while it is open, leaving
   * the board is refused with 'An edit is in progress…'.
   */
  edits?: boolean;
  /**
   * What a screen reader hears once the form has done its work and closed: a sighted user sees
   * the change, one who listens would otherwise hear nothing (state/announce).
   */
  done?(values: Values): string;
  /** Values to start from (defaults: '' for text, 0 for numbers, false for checkboxes). */
  initial?(ctx: FormContext): Values;
  /** The field the form opens at, by the values it starts from: the first unless it says. */
  opensAt?(values: Values): string | undefined;
  validate?(values: Values): string | null;
  /**
   * What is wrong with each wrong field, checked with `validate`: shown under each field (and
   * marking it invalid) beside the form's message, so a message naming no field still says which.
   */
  fieldProblems?(values: Values): Record<string, string>;
  /**
   * The field a failure's message is about, if any: the message then shows under that field
   * (and marks it invalid) rather than under the form.
   */
  errorField?(message: string): string | null;
  /**
   * Runs when the form opens, for forms whose choices come from the server. An error closes the
   * form and shows the message instead (e.g. 'You do not belong to any groups.').
   */
  prepare?(
    ctx: FormContext,
  ): Promise<{ options?: Record<string, string[]>; values?: Values; error?: string }>;
  submit(values: Values, ctx: FormContext): Promise<string | FormRefusal | null>;
  /**
   * Extra buttons, shown in a secondary row under Submit and Cancel. Each returns null to close
   * the form, a message to show, or undefined to leave the form open as it is.
   */
  extraButtons?: ExtraButton[];
}

/** A refused submit that says which fields are wrong: the message, and each field's problem. */
export interface FormRefusal {
  message: string;
  fields: Record<string, string>;
}

export interface ExtraButton {
  label: string;
  run(values: Values, ctx: FormContext): Promise<string | null | undefined>;
}

/** The spec's default form state: empty text, 0 for numbers, false for checkboxes. */
export function defaultValues(fields: Field[]): Values {
  return Object.fromEntries(
    fields.map((f) => [
      f.name,
      f.type === 'checkbox'
        ? false
        : f.type === 'file'
          ? []
          : f.type === 'number'
            ? 0
            : f.type === 'select'
              ? (f.options?.[0] ?? '')
              : '',
    ]),
  );
}

/** Input mode: empty or one form. Toggling the open form closes it; another one is refused. */
export function toggleForm(
  open: string | null,
  id: string,
): { next: string | null; refused: boolean } {
  if (open === null) return { next: id, refused: false };
  if (open === id) return { next: null, refused: false };
  return { next: open, refused: true };
}
