import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { Multilist } from '@listboard/core';
import { callApi, messageOr } from '../api/client';
import { focusWhenShown } from '../dom';

/** The member (board) password form, shown in place of a board that has a password. */
export function BoardPassword({ board, onUnlocked }: { board: Multilist; onUnlocked: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = `board-password-${board._id}`;
  // The password is what the page asks for: its field has focus, unless something else has.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) field.current?.focus();
  }, []);
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const res = await callApi('/api/forms/board_password', { multilistId: board._id, password });
    if (res.ok) {
      onUnlocked();
      // The board opened has the keyboard: its first list, or its first item.
      const at = `[data-board="${board.owner}/${board.ptitle}"]`;
      focusWhenShown(`${at} .list-title, ${at} article[tabindex="0"]`);
    } else setError(messageOr(res.error, 'The password you entered was incorrect.'));
  };
  return (
    <form
      className="input-form board-password"
      aria-label="Board password"
      onSubmit={(e) => void submit(e)}
    >
      <p>This board has a password.</p>
      <div className="field">
        <label htmlFor={id}>Password</label>
        <input
          ref={field}
          id={id}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="off"
        />
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-buttons">
        <button type="submit" className="primary">
          Open board
        </button>
      </div>
    </form>
  );
}
