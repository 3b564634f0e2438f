// @ts-check
// Zod's issues in words a person can act on, each naming where it is: `users[1]: unknown field "email"`.
// Plain JavaScript so the production server and `npm run users` load it without a build step.

/** `users[1].role: `, or nothing for the whole value. */
function placeOf(/** @type {PropertyKey[]} */ path) {
  let text = '';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : `${text ? '.' : ''}${String(key)}`;
  return text ? `${text}: ` : '';
}

/**
 * One line per issue; an unknown field is named, not just "unrecognized key".
 * @param {readonly import('zod').core.$ZodIssue[]} issues
 * @returns {string[]}
 */
export function describeIssues(issues) {
  return issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const names = issue.keys.map((key) => `"${key}"`).join(', ');
      return `${placeOf(issue.path)}unknown field${issue.keys.length > 1 ? 's' : ''} ${names}`;
    }
    return `${placeOf(issue.path)}${issue.message}`;
  });
}
