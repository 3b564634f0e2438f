/**
 * The words of every validation message a schema does not write itself.
 *
 * Zod's own English names types and operators ("Invalid input: expected
 * string, received number", "Too big: expected array to have <=2 items").
 * Editors read these messages beside a field and in the Problems panel, and
 * the API returns them, so each says what the value must be, in plain words.
 * A message a schema gives itself ('Pick a date (YYYY-MM-DD)') keeps priority:
 * zod asks this map only about issues that have none.
 *
 * `primitives.ts`, which every section and collection schema is built from,
 * installs it, so the server, the build and the editor's bundle all use it.
 */
import type { z } from 'astro/zod';

type RawIssue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'on or off (true or false)',
  array: 'a list',
  object: 'a group of fields',
  null: 'empty (null)',
  date: 'a date',
};

/** What a value is, in the same words as TYPE_NAMES. */
function kindOf(value: unknown): string {
  if (value === null) return 'empty (null)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number') return Number.isInteger(value) ? 'a number' : 'a decimal number';
  return TYPE_NAMES[typeof value] ?? typeof value;
}

const FORMATS: Record<string, string> = {
  date: 'Pick a date (YYYY-MM-DD)',
  datetime: 'Use a date and time like 2026-01-31T09:00:00Z',
  time: 'Use a time like 09:30',
  url: 'Use a full address, like https://example.com',
  email: 'Use an email address, like name@example.com',
  regex: 'Contains characters that are not allowed here',
};

// Written as people read numbers: "1,000 characters".
const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

function tooSmall(issue: Extract<RawIssue, { code: 'too_small' }>): string {
  const limit = Number(issue.minimum);
  if (issue.origin === 'string') return limit <= 1 ? 'Required' : `Use at least ${plural(limit, 'character', 'characters')}`;
  if (issue.origin === 'array' || issue.origin === 'set') return `Add at least ${plural(limit, 'item', 'items')}`;
  return issue.inclusive === false ? `Must be more than ${limit}` : `Must be ${limit} or more`;
}

function tooBig(issue: Extract<RawIssue, { code: 'too_big' }>): string {
  const limit = Number(issue.maximum);
  if (issue.origin === 'string') return `Use at most ${plural(limit, 'character', 'characters')}`;
  if (issue.origin === 'array' || issue.origin === 'set') return `Keep at most ${plural(limit, 'item', 'items')}`;
  return issue.inclusive === false ? `Must be less than ${limit}` : `Must be ${limit} or less`;
}

const quoted = (values: readonly unknown[]) => values.map((value) => (typeof value === 'string' ? `“${value}”` : String(value))).join(', ');

/**
 * The message for an issue, or undefined to keep zod's own, for codes with nothing plainer to say
 * (unknown keys are named by `unknown-fields.ts` instead).
 */
export function plainMessage(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required';
      return `Must be ${TYPE_NAMES[issue.expected] ?? issue.expected}, not ${kindOf(issue.input)}`;
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_value':
      if (issue.values.length === 1) return `Must be ${quoted(issue.values)}`;
      // A long list (the icons) reads worse than pointing at the field's own choices.
      return issue.values.length <= 8 ? `Choose one of ${quoted(issue.values)}` : `${quoted([issue.input])} is not one of this field's choices`;
    case 'invalid_format':
      return FORMATS[issue.format];
    case 'not_multiple_of':
      return `Must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_union':
      return 'Not a value this field accepts';
    default:
      return undefined;
  }
}
