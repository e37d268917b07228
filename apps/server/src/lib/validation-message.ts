/**
 * A request's first problem in words a person can act on. A text over its limit names the field
 * as the forms do and says the limit ("The title is too long: at most 500 characters."); any
 * other problem names the field as sent (`Invalid cursorIndex: …`).
 */
const FIELD_WORDS: Record<string, string> = {
  titleText: 'The title',
  descText: 'The description',
  description: 'The description',
  text: 'The text',
  itemText: 'The items',
  'noteSpec.text': 'The note',
  'annoSpec.text': 'The annotation',
  'annoSpec.label': 'The label',
  name: 'The name',
  fullname: 'The full name',
  'profile.fullname': 'The full name',
  'profile.bio': 'The bio',
  title: 'The title',
  searchStr: 'The search',
  query: 'The query',
  url: 'The address',
};

export interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

export function validationMessage(issue: ValidationIssue | undefined): string {
  const where = issue?.instancePath
    ? issue.instancePath.replace(/^\//, '').replace(/\//g, '.')
    : 'request';
  const max = issue?.params?.maximum;
  if (
    issue?.keyword === 'too_big' &&
    issue.params?.origin === 'string' &&
    typeof max === 'number'
  ) {
    const field = FIELD_WORDS[where] ?? `This text (${where})`;
    return `${field} is too long: at most ${max.toLocaleString('en-US')} characters.`;
  }
  return `Invalid ${where}: ${issue?.message ?? 'bad value'}`;
}
