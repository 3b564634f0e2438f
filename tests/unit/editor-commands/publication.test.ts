/** Publish, Unpublish and Schedule, and the publishing status after a save on the production server. */
import { describe, expect, it } from 'vitest';
import { editField, opApplied, publishDocument, publishFailed, publishLost, publishRequested, publishSettled, requestSave, saveSucceeded, scheduleDocument, unpublishDocument } from '../../../src/editor/lib/store/commands';
import { isDirty } from '../../../src/editor/lib/model';
import { hasPublication, localInputValue, pendingStatus, pendingStatusText, publicationStatus, scheduledDateNote, scheduleProblem, statusText } from '../../../src/editor/lib/publication';
import { initialState } from '../../../src/editor/lib/store/state';
import { pageRows } from '../../../src/editor/app/PageTree';
import { entryRows } from '../../../src/editor/app/CollectionTree';
import { FOOTER, HOME, homePage, labels, NOW, payload, POST, start, startAsEditor } from './fixture';
import { initialState as stateOf } from '../../../src/editor/lib/store/state';

/** A page that may be unpublished: the home page may not (it is always public, ALWAYS_PUBLIC_PAGES). */
const ABOUT = 'pages/about.json';
const withAbout = (route: string | null = 'about') =>
  stateOf({ ...payload, docs: [...payload.docs, { file: ABOUT, kind: 'page', saveSlug: 'about', data: { ...homePage, id: 'about', slug: 'about', meta: { title: 'About', description: 'About us.' } }, version: 'v6' }] }, route);

const at = new Date('2026-06-01T12:00:00Z');
const dataOf = (state: ReturnType<typeof start>, file: string) => state.docs[file]!.data as Record<string, unknown>;

describe('publication status', () => {
  it('reads Draft, Scheduled for a local date, or Published, from the unsaved document', () => {
    const format = (date: Date) => date.toISOString();
    expect(statusText(publicationStatus({}, at), format)).toBe('Published');
    expect(statusText(publicationStatus({ status: 'draft', publishAt: '2026-07-01T00:00:00Z' }, at), format)).toBe('Draft');
    expect(statusText(publicationStatus({ publishAt: '2026-07-01T02:00:00+02:00' }, at), format)).toBe('Scheduled for 2026-07-01T00:00:00.000Z');
    expect(statusText(publicationStatus({ publishAt: '2026-05-01T00:00:00Z' }, at), format)).toBe('Published');
  });
});

describe('an unsaved status', () => {
  const format = (date: Date) => date.toISOString();
  const saved = (data: object) => JSON.stringify(data);
  const later = { publishAt: '2026-07-01T00:00:00Z' };

  it('is pending until saved: Publish on a saved draft, Unpublish or Schedule on a published page, a new page published', () => {
    expect(pendingStatus(publicationStatus({}, at), saved({ status: 'draft' }), at)).toEqual({ saved: { state: 'draft' } });
    expect(pendingStatus(publicationStatus({ status: 'draft' }, at), saved({}), at)).toEqual({ saved: { state: 'published' } });
    expect(pendingStatus(publicationStatus(later, at), saved({}), at)).toEqual({ saved: { state: 'published' } });
    expect(pendingStatus(publicationStatus({}, at), '', at)).toEqual({ saved: null });
  });

  it('is not pending when the status is as saved, a schedule at the same instant, or a new draft', () => {
    expect(pendingStatus(publicationStatus({}, at), saved({ title: 'other edits' }), at)).toBeUndefined();
    expect(pendingStatus(publicationStatus({ publishAt: '2026-07-01T02:00:00+02:00' }, at), saved(later), at)).toBeUndefined();
    expect(pendingStatus(publicationStatus({ status: 'draft' }, at), '', at)).toBeUndefined();
    expect(pendingStatus(publicationStatus({ publishAt: '2026-07-02T00:00:00Z' }, at), saved(later), at)).toEqual({ saved: { state: 'scheduled', at: new Date(later.publishAt) } });
  });

  it('says what happens on Save, and what visitors get until then', () => {
    expect(pendingStatusText({ state: 'published' }, { state: 'draft' }, format)).toEqual({ text: 'Published when you save', hint: 'Until you save, visitors do not see it.' });
    expect(pendingStatusText({ state: 'draft' }, { state: 'published' }, format)).toEqual({ text: 'Draft when you save', hint: 'Visitors see this page now. Once you save, they stop seeing it.', offline: true });
    expect(pendingStatusText({ state: 'scheduled', at: new Date(later.publishAt) }, null, format)).toEqual({ text: 'Scheduled for 2026-07-01T00:00:00.000Z when you save', hint: 'Until you save, visitors do not see it.' });
    expect(pendingStatusText({ state: 'published' }, { state: 'scheduled', at: new Date(later.publishAt) }, format).hint).toBe('Until you save, it stays scheduled for 2026-07-01T00:00:00.000Z.');
  });

  it('says plainly that scheduling a page visitors see now takes it offline until then, once saved (a schedule not yet due is absent: issue #14)', () => {
    const scheduled = { state: 'scheduled' as const, at: new Date(later.publishAt) };
    expect(pendingStatusText(scheduled, { state: 'published' }, format)).toEqual({
      text: 'Scheduled for 2026-07-01T00:00:00.000Z when you save',
      hint: 'Visitors see this page now. Once you save, they stop seeing it until 2026-07-01T00:00:00.000Z.',
      offline: true,
    });
    // Said of what it is: a post, a tag.
    expect(pendingStatusText(scheduled, { state: 'published' }, format, 'post').hint).toBe('Visitors see this post now. Once you save, they stop seeing it until 2026-07-01T00:00:00.000Z.');
    // Moving a schedule that is not live yet takes nothing offline.
    expect(pendingStatusText(scheduled, { state: 'scheduled', at: new Date('2026-08-01T00:00:00Z') }, format).offline).toBeUndefined();
  });
});

describe('the page and entry lists', () => {
  it('mark drafts and scheduled documents, and say nothing of published ones', () => {
    let state = unpublishDocument(withAbout(), { file: ABOUT, now: NOW });
    state = scheduleDocument(state, { file: POST, at: '2099-01-01T00:00:00Z', now: NOW });
    expect(pageRows(state.docs, at).find((row) => row.slug === 'about')?.status).toEqual({ state: 'draft', text: 'Draft' });
    expect(pageRows(state.docs, at).find((row) => row.slug === 'home')).not.toHaveProperty('status');
    expect(entryRows(state.docs, 'posts', at)[0]?.status).toMatchObject({ state: 'scheduled', text: expect.stringMatching(/^Scheduled for .*2099/) });
    expect(entryRows(state.docs, 'tags', at)[0]).not.toHaveProperty('status');
  });
});

describe('unpublishDocument, publishDocument and scheduleDocument', () => {
  it('unpublish makes a page a draft, as one undoable step that Save sends', () => {
    const state = unpublishDocument(withAbout(), { file: ABOUT, now: NOW });
    expect(dataOf(state, ABOUT)).toMatchObject({ id: 'about', status: 'draft' });
    expect(dataOf(state, ABOUT)).not.toHaveProperty('publishAt');
    expect(labels(state)).toEqual(['Unpublish page “About”']);
    expect(isDirty(state.docs[ABOUT]!)).toBe(true);
    expect(requestSave(state, {}).save).toMatchObject({ status: 'saving', files: [ABOUT] });
  });

  it('never unpublishes or schedules the home page: visitors start there, and / would answer "not found"', () => {
    const before = start();
    expect(unpublishDocument(before, { file: HOME, now: NOW })).toBe(before);
    expect(scheduleDocument(before, { file: HOME, at: '2099-01-01T00:00:00Z', now: NOW })).toBe(before);
    expect(hasPublication({ file: HOME, data: homePage })).toBe(false);
  });

  it('schedule publishes a post from a time, and publish drops the schedule', () => {
    let state = scheduleDocument(start(), { file: POST, at: '2026-12-01T09:00:00.000Z', now: NOW });
    expect(dataOf(state, POST)).toMatchObject({ title: 'Hello', status: 'published', publishAt: '2026-12-01T09:00:00.000Z' });
    expect(publicationStatus(dataOf(state, POST), at).state).toBe('scheduled');
    state = publishDocument(state, { file: POST, now: NOW + 10_000 });
    expect(dataOf(state, POST)).toMatchObject({ status: 'published' });
    expect(dataOf(state, POST)).not.toHaveProperty('publishAt');
    expect(labels(state)).toEqual(['Schedule post “Hello”', 'Publish post “Hello”']);
  });

  it('refuses a time that is not an ISO date-time with a time zone, and changes nothing', () => {
    const before = start();
    const state = scheduleDocument(before, { file: POST, at: '2026-12-01T09:00', now: NOW });
    expect(state.docs).toBe(before.docs);
    expect(state.notice).toMatchObject({ kind: 'error', text: expect.stringContaining('ISO 8601') });
  });

  it('gives shared sections no status, and refuses files the role may not change', () => {
    const admin = start();
    expect(unpublishDocument(admin, { file: FOOTER, now: NOW })).toBe(admin);
    const editor = startAsEditor();
    expect(unpublishDocument(editor, { file: POST, now: NOW }).docs[POST]!.data).toMatchObject({ status: 'draft' });
  });
});

describe('publishing after a save', () => {
  const saved = (route = 'home') => {
    const sent = requestSave(editField(start(route), { file: HOME, path: ['meta', 'title'], value: 'Home!', now: NOW }), {});
    return saveSucceeded(sent, { saved: [{ file: HOME, version: 'v9', json: JSON.stringify(sent.docs[HOME]!.data) }] });
  };

  it('is absent after a save that does not publish (astro dev)', () => {
    expect(saved().publishing).toBeNull();
  });

  it('goes from publishing to live, with the visitor URL of the page shown', () => {
    let state = publishRequested(saved(), { ticket: 7, now: NOW });
    expect(state.publishing).toEqual({ ticket: 7, state: 'publishing', path: '/' });
    state = publishSettled(state, { ticket: 7 });
    expect(state.publishing).toEqual({ ticket: 7, state: 'live', path: '/' });
  });

  it('is live with a notice naming each page that kept its previous version, and why', () => {
    const state = publishSettled(publishRequested(saved(), { ticket: 7, now: NOW }), { ticket: 7, kept: [{ path: '/about/', reason: 'pages/about.json: unknown field "titel"' }] });
    expect(state.publishing).toMatchObject({ state: 'live' });
    expect(state.notice).toEqual({
      kind: 'error',
      text: 'Live, but one page or file keeps its previous version for visitors, because the content cannot make it now. A developer needs to mend what is named below.',
      details: [{ text: '/about/: pages/about.json: unknown field "titel"' }],
    });
    const more = publishSettled(publishRequested(saved(), { ticket: 8, now: NOW }), { ticket: 8, kept: [{ path: '/about', reason: 'a' }, { path: '/rss.xml', reason: 'b' }] });
    expect(more.notice?.text).toMatch(/^Live, but 2 pages or files keep their previous version for visitors,/);
  });

  it('offers no link to a page visitors do not get: a draft as saved, an entry without a template page, no page', () => {
    const draft = unpublishDocument(withAbout(), { file: ABOUT, now: NOW });
    const sent = requestSave(draft, {});
    const savedDraft = saveSucceeded(sent, { saved: [{ file: ABOUT, version: 'v9', json: JSON.stringify(sent.docs[ABOUT]!.data) }] });
    expect(publishRequested(savedDraft, { ticket: 2, now: NOW }).publishing).toEqual({ ticket: 2, state: 'publishing', notPublic: { state: 'draft' } });
    const scheduled = requestSave(scheduleDocument(withAbout(), { file: ABOUT, at: '2099-01-01T00:00:00Z', now: NOW }), {});
    const savedScheduled = saveSucceeded(scheduled, { saved: [{ file: ABOUT, version: 'v9', json: JSON.stringify(scheduled.docs[ABOUT]!.data) }] });
    expect(publishRequested(savedScheduled, { ticket: 4, now: NOW }).publishing).toEqual({ ticket: 4, state: 'publishing', notPublic: { state: 'scheduled', at: Date.parse('2099-01-01T00:00:00Z') } });
    // Saved beside something visitors get at once (the shared footer): the status says both.
    const withFooter = saveSucceeded(sent, { saved: [{ file: ABOUT, version: 'v9', json: JSON.stringify(sent.docs[ABOUT]!.data) }, { file: FOOTER, version: 'v2', json: JSON.stringify(sent.docs[FOOTER]!.data) }] });
    expect(publishRequested(withFooter, { ticket: 5, now: NOW, saved: [ABOUT, FOOTER] }).publishing).toEqual({ ticket: 5, state: 'publishing', notPublic: { state: 'draft' }, othersLive: true });
    expect(publishRequested(savedDraft, { ticket: 6, now: NOW, saved: [ABOUT] }).publishing).toEqual({ ticket: 6, state: 'publishing', notPublic: { state: 'draft' } });
    // Unpublished but not saved yet: visitors still get the page.
    expect(publishRequested(draft, { ticket: 3, now: NOW }).publishing?.path).toBe('/about/');
    expect(publishRequested(start('~posts/hello'), { ticket: 1, now: NOW }).publishing).not.toHaveProperty('path');
    expect(publishRequested(start(null), { ticket: 1, now: NOW }).publishing).not.toHaveProperty('path');
  });

  it('says why a publish failed, ignores answers about an older ticket, and clears at the next save or file operation', () => {
    let state = publishRequested(saved(), { ticket: 8, now: NOW });
    expect(publishSettled(state, { ticket: 7 })).toBe(state);
    expect(publishFailed(state, { ticket: 7, error: 'old' })).toBe(state);
    state = publishFailed(state, { ticket: 8, error: 'The build of / failed' });
    expect(state.publishing).toMatchObject({ state: 'failed', error: 'The build of / failed' });
    expect(saveSucceeded(state, { saved: [] }).publishing).toBeNull();
    expect(opApplied(state, { payload, message: 'Renamed.' }).publishing).toBeNull();
  });

  it('says so when the server no longer knows the ticket, without calling it a failure', () => {
    const state = publishRequested(saved(), { ticket: 4, now: NOW });
    expect(publishLost(state, { ticket: 3, error: 'old' })).toBe(state);
    expect(publishLost(state, { ticket: 4, error: 'ticket must be the number a save on this server returned' }).publishing).toMatchObject({ state: 'unknown', error: expect.stringContaining('ticket') });
  });
});

describe('scheduleProblem', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  it('takes a time to come, and refuses one that has passed, or none', () => {
    expect(scheduleProblem(new Date('2026-11-25T10:01:00Z'), now)).toBeUndefined();
    expect(scheduleProblem(new Date('2020-01-01T00:00:00Z'), now)).toBe('That time has passed: pick a later one.');
    expect(scheduleProblem(now, now)).toBe('That time has passed: pick a later one.');
    expect(scheduleProblem(new Date(''), now)).toBe('Pick a date and a time.');
  });
});

describe('the 404 page, always public', () => {
  const notFound = (data: object) => ({ ...payload, docs: [...payload.docs, { file: 'pages/404.json', kind: 'page' as const, saveSlug: '404', data: { id: '404', slug: '404', meta: { title: 'Not found', description: 'D' }, sections: [], ...data }, version: 'v9' }] });

  it('takes no Unpublish or Schedule', () => {
    const state = initialState(notFound({}), '404');
    expect(hasPublication(state.docs['pages/404.json']!)).toBe(false);
    expect(unpublishDocument(state, { file: 'pages/404.json', now: NOW })).toBe(state);
    expect(scheduleDocument(state, { file: 'pages/404.json', at: '2027-01-01T00:00:00Z', now: NOW })).toBe(state);
  });

  it('but one stored as a draft or scheduled, from before the rule, is published by Publish, which the server then takes', () => {
    for (const stored of [{ status: 'draft' }, { publishAt: '2027-01-01T00:00:00Z' }]) {
      const state = initialState(notFound(stored), '404');
      expect(hasPublication(state.docs['pages/404.json']!)).toBe(true);
      const published = publishDocument(state, { file: 'pages/404.json', now: NOW });
      expect(dataOf(published, 'pages/404.json')).toMatchObject({ status: 'published' });
      expect(dataOf(published, 'pages/404.json').publishAt).toBeUndefined();
      expect(hasPublication(published.docs['pages/404.json']!)).toBe(false);
    }
  });
});

describe('a scheduled entry dated before it goes live', () => {
  it('offers the day it goes live, for a collection that dates its entries, and only then', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const local = (iso: string) => { const at = new Date(iso); return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`; };
    const post = { title: 'Soon', date: '2026-08-06', publishAt: '2027-03-01T12:00:00Z' };
    expect(scheduledDateNote('posts', post, now)).toEqual({ field: 'date', shown: '2026-08-06', day: local('2027-03-01T12:00:00Z'), later: false });
    // Dated that day or later, published and dated before today, a draft, or a collection without a date: nothing to offer.
    expect(scheduledDateNote('posts', { ...post, date: '2027-03-05' }, now)).toBeUndefined();
    expect(scheduledDateNote('posts', { ...post, publishAt: '2026-01-01T00:00:00Z' }, now)).toBeUndefined();
    expect(scheduledDateNote('posts', { ...post, status: 'draft' }, now)).toBeUndefined();
    expect(scheduledDateNote('tags', { name: 'News', publishAt: '2027-03-01T12:00:00Z' }, now)).toBeUndefined();
    expect(scheduledDateNote(undefined, post, now)).toBeUndefined();
  });

  it('offers today for a published entry dated in the future (scheduled, dated that day, then published at once)', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const today = localInputValue(now).slice(0, 10);
    expect(scheduledDateNote('posts', { title: 'Out now', date: '2026-12-15', status: 'published' }, now)).toEqual({ field: 'date', shown: '2026-12-15', day: today, later: true });
    expect(scheduledDateNote('posts', { title: 'Out now', date: today }, now)).toBeUndefined();
  });
});
