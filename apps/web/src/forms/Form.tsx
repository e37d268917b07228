import { useEffect, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import {
  defaultValues,
  type ExtraButton,
  type FormContext,
  type FormDef,
  type Values,
} from './registry';
import { boardMsg, conflictKind, formMsg } from '@listboard/core';
import { text } from './helpers';
import { useFocusBack } from './focusBack';
import { forgetFormDraft, useDraft, useKeepDraft } from './useDraft';
import { typedOver } from './drafts';
import { newRequestKey, withFormKey } from '../api/requestKeys';
import { useConnection } from '../api/client';
import { announce } from '../state/announce';
import { MentionArea } from './MentionArea';

/** Fields whose words are names or addresses, typed exactly. */
const PLAIN_WORDS: ReadonlySet<string> = new Set(['username', 'email', 'current-password']);

/**
 * The one generic form: label, fields, Submit and Cancel. Escape cancels; Enter in a one-line
 * input does not submit (people press it out of habit and lose half-typed work); textareas have
 * 5 rows. A failed submit keeps the form open with the message and everything typed.
 */
export function Form({
  def,
  ctx,
  onClose,
  onTyped,
}: {
  def: FormDef;
  ctx: FormContext;
  onClose: () => void;
  /** The user typed or chose something in the form (so leaving now would lose it). */
  onTyped?: () => void;
}) {
  // Long text typed here before and not sent starts the form again (useDraft).
  const draft = useDraft(def, ctx);
  const [start] = useState<Values>(() => ({
    ...defaultValues(def.fields),
    ...(def.initial?.(ctx) ?? {}),
  }));
  const [values, setValues] = useState<Values>(() => ({ ...start, ...draft?.values }));
  const sent = useRef(false);
  const typed = useRef(false);
  useKeepDraft(draft, def, values, start, typed, sent);
  /** The form did its work: it closes, saying so to a screen reader when it has words for it. */
  const done = (said?: string) => {
    if (said) announce(said);
    sent.current = true;
    forgetFormDraft(draft);
    onClose();
  };
  // Words typed for a version changed since are back over it as it is now: said at once, when its
  // words changed (a move, a label or an answer leaves them as they were typed over).
  const [error, setError] = useState<string | null>(() =>
    draft?.earlier && typedOver(draft.earlier, def.fields, start)
      ? formMsg.changedSinceTyped(draft.kind)
      : null,
  );
  // "No connection to the server." goes once the server answers again (another call, the live
  // stream): what was typed is still here, and Submit will be heard.
  const connected = useConnection((s) => s.connected);
  const [seenConnected, setSeenConnected] = useState(connected);
  if (connected !== seenConnected) {
    setSeenConnected(connected);
    if (connected && error === boardMsg.noConnection) setError(null);
  }
  /** Each wrong field's problem, beside the form's message; a field typed in again drops its. */
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [options, setOptions] = useState<Record<string, string[]>>({});
  const [ready, setReady] = useState(!def.prepare);
  /** The form's own key for its writes (./api/requestKeys.ts), one while it is open. */
  const [formKey] = useState(newRequestKey);
  // A submit still running when the form closes is told to stop (an upload cancelled with it).
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  // The form prepares once, when it opens, with what it opened with: a later render's props
  // must not prepare it again (and wipe what was typed meanwhile).
  const opened = useRef({ def, ctx, onClose });
  // What had focus as the form opened (its button, a menu's entry, the item a key was pressed on)
  // gets it back when the form closes.
  useFocusBack(ctx.target.itemId, ctx.target.listId);
  useEffect(() => {
    const { def, ctx, onClose } = opened.current;
    if (!def.prepare) return;
    let live = true;
    void def.prepare(ctx).then((r) => {
      if (!live) return;
      if (r.error) {
        ctx.alert(r.error);
        onClose();
        return;
      }
      setOptions(r.options ?? {});
      if (r.values) setValues((v) => ({ ...v, ...r.values }));
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  // What the form is about, gone from the page since it opened, is still named as it was.
  const quote = def.quote?.(ctx) ?? def.quote?.(opened.current.ctx) ?? null;
  /** The field a message is about, if it names one the form shows it under. */
  const fieldOf = (message: string): string | null => {
    const named = def.errorField?.(message) ?? blankRequired(message);
    return def.fields.some((f) => f.name === named && f.type !== 'checkbox') ? named : null;
  };
  /** The required field left blank, for a message asking to fill one in. */
  const blankRequired = (message: string): string | null =>
    message.startsWith('Please fill in ')
      ? (def.fields.find((f) => f.required && !text(values, f.name).trim())?.name ?? null)
      : null;
  // A failure about one field shows under it; any other under the form.
  const errorAt = error ? fieldOf(error) : null;
  const first = useRef<HTMLElement | null>(null);
  /** A refusal about one field takes the keyboard there, to put it right. */
  const focusWrong = (message: string, fields: Record<string, string>) => {
    const field = fieldOf(message) ?? Object.keys(fields)[0] ?? null;
    if (field !== null)
      requestAnimationFrame(() => document.getElementById(`f-${def.id}-${field}`)?.focus());
  };
  const formElement = useRef<HTMLFormElement>(null);
  // A refusal keeps the keyboard in the form: Submit, disabled while the form waited, has let it
  // go to the page's body, where Escape does nothing. It goes back to Submit (then to the field
  // the refusal is about, if any).
  useEffect(() => {
    if (!busy && error && !formElement.current?.contains(document.activeElement))
      submitButton.current?.focus();
  }, [busy, error]);
  const submitButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const el = first.current ?? submitButton.current;
    el?.focus();
    // Words brought back go on where they stopped.
    if (draft?.values && el instanceof HTMLTextAreaElement)
      el.setSelectionRange(el.value.length, el.value.length);
  }, [draft]);
  const submit = async (e?: SubmitEvent) => {
    e?.preventDefault();
    if (busy) return;
    const invalid = def.validate?.(values) ?? null;
    if (invalid) {
      const fields = def.fieldProblems?.(values) ?? {};
      setError(invalid);
      setProblems(fields);
      focusWrong(invalid, fields);
      return;
    }
    setBusy(true);
    // A submit that cannot act (what it was about is no longer on the page) says so and keeps
    // what was typed, rather than leave the form busy for ever.
    // The board as the form opened is at hand too (`opened`). An edit is of the words as they
    // were then: it names the version it started from, so a change someone else saved meanwhile
    // (which reached this page live) is refused with the server's conflict message, not silently
    // written over.
    const was = opened.current.ctx.board;
    const controller = new AbortController();
    running.current = controller;
    const signal = controller.signal;
    const at = def.edits
      ? { ...ctx, board: was, opened: was, signal }
      : { ...ctx, opened: was, signal };
    // Sent under the form's key: a Submit pressed again after a lost answer is not written twice.
    const result = await withFormKey(formKey, () => def.submit(values, at)).catch(
      () => formMsg.cannotSubmit,
    );
    running.current = null;
    if (signal.aborted) return;
    setBusy(false);
    const changed = def.edits && typeof result === 'string' ? conflictKind(result) : null;
    if (result === null) done(def.done?.(values));
    else if (changed) {
      // Someone else's version reached this page live: the form now stands on it, keeping what
      // was typed, and a second Submit puts these words in its place on purpose.
      opened.current = { ...opened.current, ctx };
      const said = formMsg.changedMeanwhile(changed);
      setError(said);
      setProblems({});
      focusWrong(said, {});
    } else if (typeof result === 'string') {
      setError(result);
      setProblems({});
      focusWrong(result, {});
    } else {
      setError(result.message);
      setProblems(result.fields);
      focusWrong(result.message, result.fields);
    }
  };

  const runExtra = async (b: ExtraButton) => {
    if (busy) return;
    setBusy(true);
    const result = await b.run(values, ctx);
    setBusy(false);
    if (result === null) done();
    else if (result !== undefined) {
      setError(result);
      setProblems({});
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
      e.preventDefault();
    }
  };

  return (
    <form
      ref={formElement}
      className="input-form"
      aria-label={def.label}
      onSubmit={(e) => void submit(e)}
      onKeyDown={onKeyDown}
      noValidate
    >
      <h2 className="form-label">{def.label}</h2>
      {def.description && <p className="form-description">{def.description(ctx)}</p>}
      {draft?.values && (
        <p className="form-draft" role="status">
          {formMsg.draftBack}
        </p>
      )}
      {quote && (
        <div className="form-about">
          <span className="form-about-label" aria-hidden="true">
            {quote.label}
          </span>
          <blockquote className="form-quote" aria-label={quote.label}>
            {quote.text}
          </blockquote>
        </div>
      )}
      {def.fields.map((f) => {
        if (f.shownWhen && !f.shownWhen(values)) return null;
        const id = `f-${def.id}-${f.name}`;
        const opens = f.name === (def.opensAt?.(values) ?? def.fields[0]?.name);
        const ref = opens ? (el: HTMLElement | null) => void (first.current = el) : undefined;
        const set = (v: string | boolean | File[]) => {
          setValues((old) => ({ ...old, [f.name]: v }));
          typed.current = true;
          onTyped?.();
          if (problems[f.name]) setProblems(({ [f.name]: _fixed, ...rest }) => rest);
          // The message about this field was about what it held before.
          if (errorAt === f.name) setError(null);
        };
        const hint = f.hint ? (
          <small id={`${id}-hint`} className="field-hint">
            {f.hint}
          </small>
        ) : null;
        const problem = errorAt === f.name ? error : (problems[f.name] ?? null);
        const invalid = problem !== null;
        const fieldError = invalid ? (
          // The form's own message is announced once, wherever it shows; the other fields'
          // problems are read with their fields (aria-describedby).
          <p
            id={`${id}-error`}
            className="form-error field-error"
            role={problem === error ? 'alert' : undefined}
          >
            {problem}
          </p>
        ) : null;
        const described =
          [f.hint ? `${id}-hint` : '', invalid ? `${id}-error` : ''].filter(Boolean).join(' ') ||
          undefined;
        if (f.type === 'checkbox') {
          const box = (
            <label key={f.name} className="field field-checkbox" htmlFor={id}>
              <input
                id={id}
                ref={ref}
                type="checkbox"
                checked={Boolean(values[f.name])}
                onChange={(e) => set(e.target.checked)}
                aria-describedby={described}
                aria-required={f.required || undefined}
              />
              {f.labelOf?.(values) ?? f.label}
            </label>
          );
          return hint ? (
            <div key={f.name}>
              {box}
              {hint}
            </div>
          ) : (
            box
          );
        }
        return (
          <div key={f.name} className="field">
            <label htmlFor={id}>{f.labelOf?.(values) ?? f.label}</label>
            {f.type === 'textarea' ? (
              <MentionArea
                id={id}
                inputRef={ref}
                value={text(values, f.name)}
                onValue={set}
                mentions={f.mentions ? ctx : null}
                placeholder={f.placeholder}
                aria-invalid={invalid || undefined}
                aria-describedby={described}
                aria-required={f.required || undefined}
              />
            ) : f.type === 'file' ? (
              <input
                id={id}
                ref={ref}
                type="file"
                accept={f.accept}
                multiple={f.multiple}
                aria-describedby={described}
                aria-required={f.required || undefined}
                onChange={(e) => set(Array.from(e.target.files ?? []))}
              />
            ) : f.type === 'select' ? (
              <select
                id={id}
                ref={ref}
                value={text(values, f.name)}
                onChange={(e) => set(e.target.value)}
                aria-invalid={invalid || undefined}
                aria-describedby={described}
                aria-required={f.required || undefined}
              >
                {(options[f.name] ?? f.options ?? []).map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                ref={ref}
                type={f.type}
                dir="auto"
                value={text(values, f.name)}
                autoComplete={f.autoComplete}
                // Names and addresses as typed: no capital a phone's keyboard adds, no spelling.
                {...(PLAIN_WORDS.has(f.autoComplete ?? '') || f.type === 'email' || f.type === 'url'
                  ? { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false }
                  : {})}
                onChange={(e) => set(e.target.value)}
                placeholder={f.placeholder}
                aria-invalid={invalid || undefined}
                aria-describedby={described}
                aria-required={f.required || undefined}
              />
            )}
            {hint}
            {fieldError}
          </div>
        );
      })}
      {error && !errorAt && !Object.values(problems).includes(error) && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-buttons">
        <button ref={submitButton} type="submit" className="primary" disabled={busy || !ready}>
          {def.submitLabel ?? 'Submit'}
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        {/* Said once a save takes a moment (the line fades in), not for one that is done at once. */}
        {busy && (
          <span className="form-saving" role="status">
            Saving…
          </span>
        )}
      </div>
      {def.extraButtons && (
        <div className="form-buttons form-extra">
          {def.extraButtons.map((b) => (
            <button key={b.label} type="button" disabled={busy} onClick={() => void runExtra(b)}>
              {b.label}
            </button>
          ))}
        </div>
      )}
    </form>
  );
}
