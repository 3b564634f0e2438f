/** The save status's words after a save on the production server: what visitors get, said for what was saved. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SaveStatus } from '../../src/editor/app/SaveStatus';
import type { Publishing } from '../../src/editor/lib/store/state';

const markup = (publishing: Publishing, unsaved = '', liveHref: string | null = null) => renderToStaticMarkup(createElement(SaveStatus, { saving: false, unsaved, publishing, liveHref }));
const text = (publishing: Publishing, unsaved = '', liveHref: string | null = null) => markup(publishing, unsaved, liveHref).replace(/<[^>]+>/g, '');

describe('the save status', () => {
  it('says Live, with the page to view, when visitors get it', () => {
    expect(text({ ticket: 1, state: 'live', path: '/about/' }, '', '/about/')).toBe('LiveView live page ↗');
    expect(markup({ ticket: 1, state: 'live', path: '/about/' }, '', '/about/')).toContain('href="/about/"');
  });

  it('says Live alone when the page on screen is not the one saved (view-links.ts): its link would read as this page’s', () => {
    expect(text({ ticket: 1, state: 'live', path: '/about/' })).toBe('Live');
  });

  it('never says Live of a page saved as a draft, and says both when the save also wrote something public', () => {
    expect(text({ ticket: 1, state: 'live', notPublic: { state: 'draft' } })).toBe('Saved as a draft: visitors do not see it');
    // A page unpublished in the same save as the shared footer: the footer is live, the page is not.
    expect(text({ ticket: 1, state: 'live', notPublic: { state: 'draft' }, othersLive: true })).toBe('The rest is live; this page is saved as a draft: visitors do not see it');
    expect(text({ ticket: 1, state: 'live', notPublic: { state: 'scheduled', at: Date.parse('2099-01-01T12:00:00Z') }, othersLive: true }, '2 pages')).toMatch(/^The rest is live; this page is saved: visitors see it from .+ · Unsaved changes to 2 pages$/);
  });

  it('says what has unsaved changes in plain words, not as documents; what they are to is the part a phone leaves to screen readers', () => {
    const status = (unsaved: string) => renderToStaticMarkup(createElement(SaveStatus, { saving: false, unsaved, publishing: null }));
    expect(status('1 page').replace(/<[^>]+>/g, '')).toBe('Unsaved changes to 1 page');
    expect(status('1 page')).toContain('<span class="save-state-what"> to 1 page</span>');
    expect(status('')).toContain('All changes saved');
  });
});
