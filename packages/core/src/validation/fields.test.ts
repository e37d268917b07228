import { describe, expect, it } from 'vitest';
import {
  isBlank,
  validateEmail,
  validatePassword,
  validateRequired,
  validateRole,
  validateUsername,
} from './fields';

describe('validateRequired', () => {
  it('names the missing field', () => {
    expect(validateRequired('', 'title')).toBe('Please fill in title field.');
    expect(validateRequired('   ', 'title')).toBe('Please fill in title field.');
    expect(validateRequired(undefined, 'title')).toBe('Please fill in title field.');
  });

  it('asks for all required fields when no field is named', () => {
    expect(validateRequired(null)).toBe('Please fill in all required fields.');
  });

  it('accepts any present value, including 0 and false', () => {
    expect(validateRequired('x', 'title')).toBeNull();
    expect(validateRequired(0, 'count')).toBeNull();
    expect(validateRequired(false, 'flag')).toBeNull();
  });

  it('treats an empty list and NaN as blank', () => {
    expect(isBlank([])).toBe(true);
    expect(isBlank(['a'])).toBe(false);
    expect(isBlank(NaN)).toBe(true);
  });
});

describe('validateEmail', () => {
  it.each(['ann@example.org', 'a.b+tag@mail.example.co.uk', 'x_y@sub-domain.io', "o'neil@ex.com"])(
    'accepts %s',
    (email) => {
      expect(validateEmail(email)).toBeNull();
    },
  );

  it.each([
    '',
    'ann',
    'ann@',
    '@example.org',
    'ann@example',
    'ann@@example.org',
    'a n@ex.com',
    'ann@-ex.com',
    ' ann@ex.com',
  ])('rejects %j', (email) => {
    expect(validateEmail(email)).toBe('Please enter a valid email address.');
  });
});

describe('validatePassword', () => {
  it('requires at least 6 characters', () => {
    expect(validatePassword('')).toBe('Your password should be 6 characters or longer.');
    expect(validatePassword('12345')).toBe('Your password should be 6 characters or longer.');
    expect(validatePassword('123456')).toBeNull();
  });

  it('counts an emoji as one character', () => {
    expect(validatePassword('🔑🔑🔑')).not.toBeNull();
    expect(validatePassword('🔑🔑🔑🔑🔑🔑')).toBeNull();
  });
});

describe('validateUsername', () => {
  it('requires a username', () => {
    expect(validateUsername('')).toBe('Please fill in username field.');
    expect(validateUsername('ann')).toBeNull();
  });
});

describe('validateRole', () => {
  it('accepts the user roles', () => {
    for (const role of ['author', 'demo', 'lbadmin', 'editor', 'contributor', 'reader', 'guest']) {
      expect(validateRole(role)).toBeNull();
    }
  });

  it('names an unknown role', () => {
    expect(validateRole('superuser')).toBe('superuser is not a valid role.');
    expect(validateRole('Author')).toBe('Author is not a valid role.');
  });

  it('requires a role', () => {
    expect(validateRole('')).toBe('Please fill in role field.');
  });

  it('checks against a given role list', () => {
    expect(validateRole('author', ['reader'])).toBe('author is not a valid role.');
  });
});
