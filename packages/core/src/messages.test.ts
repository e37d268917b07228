import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_VERIFICATION_STATUSES,
  emailVerificationMessage,
  emailVerificationStatusMsg,
  messageAreas,
  msg,
} from './messages';

/** Each templated message called with its spec placeholders, beside the spec's wording. */
const templated: [string, string][] = [
  [msg.couldNotFindBoard('{board}'), 'Could not find the board {board}'],
  [msg.noTourFor('{user}', '{owner}', '{title}'), 'You ({user}) have no tour for: {owner}/{title}'],
  [msg.requiredField('{field}'), 'Please fill in {field} field.'],
  [msg.invalidRole('{role}'), '{role} is not a valid role.'],
  [msg.alreadyRegistered('{user}'), 'Already registered and logged in: {user}'],
  [msg.unableToCreateUser('{user}', '{message}'), 'Oops: unable to create user {user}: {message}'],
  [msg.resetPasswordFailed('{reason}'), 'Reset password failed: {reason}'],
  [msg.boardUnshared('{user}'), 'Board unshared with user {user}'],
  [msg.notRegisteredUser('{user}'), 'Not a registered user: {user}'],
  [msg.errorLocatingUser('{user}'), 'Error locating user: {user}'],
  [
    msg.coauthorRemovalProblem('{user}'),
    'Oops. There was a problem removing that user from this board: {user}',
  ],
  [msg.invalidCredentials('{user}'), 'Invalid credentials for: {user}'],
  [msg.loginError('{message}'), 'Login error: {message}'],
  [msg.loadPdfFailed('{url}'), 'Load PDF failed: {url}'],
  [msg.operationError('{operation}'), 'ERROR: {operation}'],
];

const fixedStrings: string[] = Object.values(msg).filter((m) => typeof m === 'string');

describe('messages', () => {
  it('fills the templates in the spec wording', () => {
    for (const [actual, expected] of templated) expect(actual).toBe(expected);
    expect(msg.couldNotFindBoard('bob/home')).toBe('Could not find the board bob/home');
    expect(msg.invalidCredentials('ann')).toBe('Invalid credentials for: ann');
  });

  it('falls back to the general required-field message when no field is named', () => {
    expect(msg.requiredField()).toBe('Please fill in all required fields.');
    expect(msg.requiredField('')).toBe('Please fill in all required fields.');
    expect(msg.requiredField('email')).toBe('Please fill in email field.');
  });

  it('matches a sample of fixed messages word for word', () => {
    expect(msg.credentialsMissing).toBe('Username or password missing.');
    expect(msg.closeFormFirst).toBe('Please submit, cancel, or close the form first.');
    expect(msg.passwordTooShort).toBe('Your password should be 6 characters or longer.');
    expect(msg.enableAnAlert).toBe(
      'Please enable (check) either text alert, email alerts, or both.',
    );
    expect(msg.selectTextOrItemFirst).toBe(
      'Please select some text in an item, or an entire item, first.',
    );
    expect(msg.highlightOnly).toBe('[Highlight only]');
    expect(msg.notAMediaItem).toBe('This is not a media item, so cannot set poster frame!');
    expect(msg.passwordChanged).toBe('Your password has been changed (and you are now logged in).');
    expect(msg.dateRangeRequired).toBe('Date search requires a date range');
  });

  it('keeps every key of every area reachable through msg', () => {
    const areaKeys = Object.values(messageAreas).flatMap((area) => Object.keys(area));
    expect(new Set(areaKeys).size).toBe(areaKeys.length);
    expect(Object.keys(msg).sort()).toEqual([...areaKeys].sort());
  });

  it('writes each message once', () => {
    expect(new Set(fixedStrings).size).toBe(fixedStrings.length);
  });
});

describe('email verification status', () => {
  it('has a message per status', () => {
    expect(Object.keys(emailVerificationStatusMsg).sort()).toEqual(
      [...EMAIL_VERIFICATION_STATUSES].sort(),
    );
    expect(emailVerificationMessage('success')).toBe(
      'Email verified successfully! You can now log in.',
    );
    expect(emailVerificationMessage('error_expired')).toBe('Verification link has expired.');
  });

  it('reads an unknown or missing status as other', () => {
    expect(emailVerificationMessage('toString')).toBe('Unknown error occurred.');
    expect(emailVerificationMessage('nonsense')).toBe('Unknown error occurred.');
    expect(emailVerificationMessage(null)).toBe('Unknown error occurred.');
  });
});

// The spec sits outside the repository, in the shared workspace beside it; every message must
// occur in it verbatim. Without the spec this fails rather than passing by skipping.
const specPath = fileURLToPath(new URL('../../../../shared/spec/SPEC.md', import.meta.url));

describe('messages against SPEC.md', () => {
  it('finds the spec beside the repository', () => {
    expect(existsSync(specPath), `${specPath} is missing`).toBe(true);
  });
  const spec = existsSync(specPath) ? readFileSync(specPath, 'utf8') : '';

  it.each(fixedStrings)('%s', (m) => {
    expect(spec).toContain(m);
  });

  it.each(Object.values(emailVerificationStatusMsg))('%s', (m) => {
    expect(spec).toContain(m);
  });

  it.each(templated.map(([actual]) => actual))('%s', (m) => {
    expect(spec).toContain(m);
  });
});
