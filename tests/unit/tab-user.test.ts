/** An editor tab names the user it acts for, and the server refuses its requests for anyone else (src/middleware.ts). */
import { describe, expect, it } from 'vitest';
import { decodeTabUser, encodeTabUser, otherUserProblem } from '../../src/editor/lib/tab-user';

describe('the tab’s user', () => {
  it('goes through a header and back, whatever the name’s characters', () => {
    for (const name of ['grace', 'Zoë Ångström', 'ada lovelace', '名前', 'a%b']) {
      const header = encodeTabUser(name);
      // Header values are Latin-1: what fetch sends must be plain ASCII.
      expect(header, name).toMatch(/^[\x21-\x7e]*$/);
      expect(decodeTabUser(header), name).toBe(name);
    }
    expect(decodeTabUser('%E0%A4%A')).toBeUndefined();
  });

  it('is refused for anyone else, in words that say what to do', () => {
    expect(otherUserProblem('grace', 'grace')).toBeUndefined();
    expect(otherUserProblem('grace', 'ada')).toBe("Someone else (ada) is signed in on this browser now, and this tab is another user's: nothing was done. Reload to go on as ada.");
    expect(otherUserProblem(undefined, 'ada')).toMatch(/^Someone else \(ada\)/);
  });
});
