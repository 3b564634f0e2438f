/** Error messages sent to clients: paths on the machine hidden, JSON pointers kept (src/server/paths.ts publicMessage). */
import { describe, expect, it } from 'vitest';
import { hidePaths, publicMessage } from '../../src/server/paths';
import { PROJECT_ROOT } from '../helpers/project-copy';

describe('publicMessage', () => {
  it('makes the project\'s paths relative and hides other places on the machine', () => {
    expect(publicMessage(`ENOENT: no such file, open '${PROJECT_ROOT.replace(/\/$/, '')}/src/data/pages/x.json'`)).toBe("ENOENT: no such file, open 'src/data/pages/x.json'");
    expect(publicMessage('at /usr/lib/node_modules/astro/dist/x.js:1')).toBe('at <path>:1');
    expect(publicMessage("EACCES: open '/tmp/cse-secret/users.json'")).toBe("EACCES: open '<path>'");
  });

  it('hides a folder beside the project, whose name starts with the project’s: it once became “.-remote.git”', () => {
    const root = PROJECT_ROOT.replace(/\/$/, '');
    expect(publicMessage(`fatal: '${root}-remote.git' does not appear to be a git repository`)).toBe("fatal: '<path>' does not appear to be a git repository");
    expect(publicMessage(`cannot write in ${root}`)).toBe('cannot write in .');
    expect(publicMessage(`cannot write in '${root}': read-only`)).toBe("cannot write in '.': read-only");
  });

  it('never sends a one-level project folder (/app) as it is, whatever follows it', () => {
    const cases = {
      'cannot open /app.': 'cannot open ..',
      'failed (/app)': 'failed (.)',
      'at /app; stop': 'at .; stop',
      'cd /app&&x': 'cd .&&x',
      '/app-remote.git refused': '<path> refused',
      "open '/app/src/data/x.json'": "open 'src/data/x.json'",
      "open '/app.bak/x'": "open '<path>'",
    };
    for (const [message, sent] of Object.entries(cases)) expect(hidePaths(message, '/app'), message).toBe(sent);
    expect(hidePaths('fatal: /srv/site-remote.git: not found; in /srv/site.', '/srv/site')).toBe('fatal: <path>: not found; in ..');
  });

  it('keeps the JSON pointer that says which field is wrong (it once became "<path>")', () => {
    const message = 'pages/about.json /sections/1/data/titel: unknown field "titel"';
    expect(publicMessage(message)).toBe(message);
    expect(publicMessage('/redirects/2/extra: unknown field')).toBe('/redirects/2/extra: unknown field');
  });
});
