import type { z } from 'zod';

/**
 * One wording for validation messages, shared by the browser (shown under a
 * field, whose label names it) and the server (prefixed with the field name:
 * "sellingPrice must be a number ≥ 0").
 */
function describeType(expected: string): string {
  switch (expected) {
    case 'number':
    case 'int':
      return 'a number';
    case 'string':
      return 'text';
    case 'boolean':
      return 'true or false';
    case 'array':
      return 'a list';
    case 'object':
      return 'an object';
    default:
      return expected;
  }
}

export const validationMessages: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'is required';
      return `must be ${describeType(issue.expected)}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1 ? 'is required' : `must be at least ${min} characters`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `must have at least ${min} item${min === 1 ? '' : 's'}`;
      }
      return `must be a number ${issue.inclusive ? '≥' : '>'} ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `must be at most ${max} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `must have at most ${max} item${max === 1 ? '' : 's'}`;
      }
      return `must be a number ${issue.inclusive ? '≤' : '<'} ${max}`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'must be a valid e-mail address';
      if (issue.format === 'date') return 'must be a date (YYYY-MM-DD)';
      return 'has an invalid format';
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'not_multiple_of':
      return Number(issue.divisor) === 0.01
        ? 'must have at most two decimals'
        : `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `has unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'is not valid';
    default:
      return undefined;
  }
};

/** "field message" for an issue path, as the API's 400 answers say it. */
export function issueText(path: readonly PropertyKey[], message: string): string {
  const field = path.map(String).join('.');
  return field ? `${field} ${message}` : message;
}
