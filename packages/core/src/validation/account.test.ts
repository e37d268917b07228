import { describe, expect, it } from 'vitest';
import {
  changedFields,
  profilePhotoFilename,
  validateDeregister,
  validateEditProfile,
  validateForgot,
  validateLogin,
  validateReset,
  validateSignup,
  signupFieldProblems,
} from './account';

describe('validateLogin', () => {
  it('needs both fields', () => {
    expect(validateLogin({ username: '', password: 'secret1' })).toBe(
      'Username or password missing.',
    );
    expect(validateLogin({ username: 'ann', password: ' ' })).toBe('Username or password missing.');
    expect(validateLogin({ username: 'ann', password: 'x' })).toBeNull();
  });
});

describe('validateSignup', () => {
  const good = {
    username: 'ann',
    email: 'ann@example.org',
    password: 'secret1',
    repeatPassword: 'secret1',
  };

  it('accepts a good signup', () => {
    expect(validateSignup(good)).toBeNull();
    expect(validateSignup(good, null)).toBeNull();
  });

  it('requires matching passwords', () => {
    expect(validateSignup({ ...good, repeatPassword: 'secret2' })).toBe('Passwords must match.');
  });

  it.each([
    ['a bad username', { username: 'a b' }],
    ['a blank username', { username: '' }],
    ['a bad email', { email: 'ann@' }],
    ['a short password', { password: 'abc', repeatPassword: 'abc' }],
  ])('rejects %s', (_, change) => {
    expect(validateSignup({ ...good, ...change })).toBe(
      'Bad username, email address, or password.',
    );
  });

  it('says beside each wrong field what is wrong with it', () => {
    expect(signupFieldProblems(good)).toEqual({});
    expect(
      signupFieldProblems({ username: 'a b', email: 'ann@', password: 'abc', repeatPassword: 'x' }),
    ).toEqual({
      username:
        'A user name is up to 64 letters, digits, dots, dashes and underscores, and starts with a letter, a digit or an underscore.',
      email: 'Please enter a valid email address.',
      password: 'Your password should be 6 characters or longer.',
      repeatPassword: 'Passwords must match.',
    });
    expect(signupFieldProblems({ ...good, email: ' ', password: '' })).toEqual({
      email: 'Please fill in email field.',
      password: 'Please fill in password field.',
      repeatPassword: 'Passwords must match.',
    });
    // Without a repeated password (as the server is sent) only the three fields are checked.
    expect(signupFieldProblems({ username: 'ann', email: 'x', password: 'secret1' })).toEqual({
      email: 'Please enter a valid email address.',
    });
  });

  it('tells a signed-in user with the same email that they are registered', () => {
    const current = { username: 'annie', email: 'Ann@Example.org' };
    expect(validateSignup({ ...good, repeatPassword: 'nope' }, current)).toBe(
      'Already registered and logged in: annie',
    );
  });

  it('does not count the guest account or another email as registered', () => {
    expect(validateSignup(good, { username: 'guest', email: 'ann@example.org' })).toBeNull();
    expect(validateSignup(good, { username: 'bob', email: 'bob@example.org' })).toBeNull();
    expect(validateSignup(good, { username: 'bob', email: null })).toBeNull();
  });
});

describe('validateForgot', () => {
  it('needs a valid email', () => {
    expect(validateForgot({ email: 'nope' })).toBe('Bad email address.');
    expect(validateForgot({ email: '' })).toBe('Bad email address.');
    expect(validateForgot({ email: 'ann@example.org' })).toBeNull();
  });
});

describe('validateReset', () => {
  it('needs matching valid passwords', () => {
    expect(validateReset({ password: 'secret1', repeatPassword: 'secret2' })).toBe('Bad password.');
    expect(validateReset({ password: 'abc', repeatPassword: 'abc' })).toBe('Bad password.');
    expect(validateReset({ password: 'secret1', repeatPassword: 'secret1' })).toBeNull();
  });
});

describe('validateDeregister', () => {
  const ann = { username: 'ann', email: 'ann@example.org' };

  it('accepts the signed-in user typing their own email', () => {
    expect(validateDeregister({ email: ' ANN@example.org ' }, ann)).toBeNull();
  });

  it('refuses another email, the guest and nobody', () => {
    const refusal = 'You must be logged in to deregister.';
    expect(validateDeregister({ email: 'bob@example.org' }, ann)).toBe(refusal);
    expect(validateDeregister({ email: '' }, { username: 'ann', email: null })).toBe(refusal);
    expect(
      validateDeregister({ email: 'g@example.org' }, { username: 'guest', email: 'g@example.org' }),
    ).toBe(refusal);
    expect(validateDeregister({ email: 'ann@example.org' }, null)).toBe(refusal);
  });
});

describe('validateEditProfile', () => {
  it('needs text alerts, email alerts or both', () => {
    const message = 'Please enable (check) either text alert, email alerts, or both.';
    expect(validateEditProfile({ textAlerts: false, emailAlerts: false })).toBe(message);
    expect(validateEditProfile({})).toBe(message);
    expect(validateEditProfile({ textAlerts: true, emailAlerts: false })).toBeNull();
    expect(validateEditProfile({ textAlerts: false, emailAlerts: true })).toBeNull();
    expect(validateEditProfile({ textAlerts: true, emailAlerts: true })).toBeNull();
  });
});

describe('profilePhotoFilename', () => {
  it('turns spaces into hyphens', () => {
    expect(profilePhotoFilename('my summer photo.jpg')).toBe('my-summer-photo.jpg');
    expect(profilePhotoFilename('plain.png')).toBe('plain.png');
  });
});

describe('changedFields', () => {
  it('keeps only the fields that changed', () => {
    const before = { fullname: 'Ann', bio: 'hi', textAlerts: true, tags: ['a'] };
    const after = { fullname: 'Ann B', bio: 'hi', textAlerts: false, tags: ['a'] };
    expect(changedFields(before, after)).toEqual({ fullname: 'Ann B', textAlerts: false });
  });

  it('counts a field missing before as changed', () => {
    expect(changedFields<{ phone: string }>({}, { phone: '555' })).toEqual({ phone: '555' });
  });

  it('compares lists by content', () => {
    expect(changedFields({ tags: ['a', 'b'] }, { tags: ['a', 'b'] })).toEqual({});
    expect(changedFields({ tags: ['a', 'b'] }, { tags: ['b', 'a'] })).toEqual({ tags: ['b', 'a'] });
  });
});
