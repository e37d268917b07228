import { PASSWORD_MIN, USERNAME_MAX, USERNAME_PATTERN } from '../constants';
import { fieldMsg } from '../messages';
import { ROLES } from '../model';

/** Each validator returns null when the value is valid, else the spec's message. */
export type ValidationResult = string | null;

/**
 * A person's or group's name as others will see it: accents composed one way (NFC), one space
 * between words, and nothing that shows nothing: no zero-width spaces, soft hyphens or direction
 * overrides, which let a name pass for another's or show its letters in another order. Zero-width
 * joiners and non-joiners stay: Persian and Indic names and emoji need them.
 */
export function shownName(typed: string): string {
  return typed
    .normalize('NFC')
    .replace(/(?![\u200C\u200D])[\p{Cf}\u034F]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Missing, a blank string or an empty list; 0 and false are values. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'number' && Number.isNaN(value);
}

export function validateRequired(value: unknown, field?: string): ValidationResult {
  return isBlank(value) ? fieldMsg.requiredField(field) : null;
}

/**
 * The WHATWG form address pattern, with a dot required in the domain: mail to a bare
 * host name cannot reach a user of a public site.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

export function validateEmail(email: string): ValidationResult {
  return isValidEmail(email) ? null : fieldMsg.invalidEmail;
}

/** Length counts characters as a person sees them, not UTF-16 units. */
export function validatePassword(password: string): ValidationResult {
  return Array.from(password).length >= PASSWORD_MIN ? null : fieldMsg.passwordTooShort;
}

export function validateUsername(username: string): ValidationResult {
  return validateRequired(username, 'username');
}

export function validateRole(role: string, roles: readonly string[] = ROLES): ValidationResult {
  if (isBlank(role)) return fieldMsg.requiredField('role');
  return roles.includes(role) ? null : fieldMsg.invalidRole(role);
}

/** Whether a user name is one of those (what usernameSchema checks, without zod). */
export function isValidUsername(name: string): boolean {
  const t = name.trim();
  return t.length >= 1 && t.length <= USERNAME_MAX && USERNAME_PATTERN.test(t);
}
