import { describe, expect, it } from 'vitest';
import { commitMessage, documentName } from '../../src/server/store/commit-message';

describe('commit messages', () => {
  it('name documents as a reader does', () => {
    expect(documentName('pages/home.json')).toBe('home');
    expect(documentName('pages/docs/getting-started.json')).toBe('docs/getting-started');
    expect(documentName('collections/posts/hello.json')).toBe('post hello');
    expect(documentName('shared/header.json')).toBe('shared header');
    expect(documentName('assets/images/team.jpg')).toBe('image team.jpg');
  });

  it('say what changed, then the editor summary, then every file written', () => {
    const message = commitMessage(
      [
        { op: 'put', file: 'pages/home.json', content: {}, baseVersion: 'v1' },
        { op: 'put', file: 'collections/posts/new.json', content: {}, baseVersion: null },
        { op: 'move', file: 'pages/about.json', to: 'pages/company/about.json', baseVersion: 'v2' },
      ],
      ['pages/home.json', 'collections/posts/new.json', 'pages/company/about.json', 'pages/about.json', 'redirects.json'],
      'hero title',
    );
    const [subject, blank, ...body] = message.split('\n');
    expect(subject).toBe('Edit home; Add post new; Move about to company/about: hero title');
    expect(subject!.length).toBeLessThanOrEqual(72);
    expect(blank).toBe('');
    expect(body).toEqual(['Files:', '- collections/posts/new.json', '- pages/about.json', '- pages/company/about.json', '- pages/home.json', '- redirects.json']);
    // A move that brings the file's content changes it too, and says so.
    expect(commitMessage([{ op: 'move', file: 'pages/about.json', to: 'pages/company.json', baseVersion: 'v', content: {} }], ['pages/company.json']).split('\n')[0]).toBe('Move and edit about to company');
  });

  it('clip a long subject, keeping the whole summary in the body', () => {
    const summary = 'a very long description of the edit that will not fit on the subject line at all';
    const [subject, , note] = commitMessage([{ op: 'put', file: 'pages/home.json', content: {}, baseVersion: 'v' }], ['pages/home.json'], summary).split('\n');
    expect(subject).toHaveLength(72);
    expect(subject!.endsWith('…')).toBe(true);
    expect(note).toBe(summary);
  });

  it('keep a short subject whole', () => {
    expect(commitMessage([{ op: 'delete', file: 'collections/tags/old.json', baseVersion: 'v' }], ['collections/tags/old.json']).split('\n')[0]).toBe('Delete tag old');
  });
});
