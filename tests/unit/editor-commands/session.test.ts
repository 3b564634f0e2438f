/** The session in the store: an ended session keeps every edit and blocks saving until a new one is found; signing out asks first with unsaved changes. */
import { describe, expect, it } from 'vitest';
import {
  checkSession, editField, requestSave, requestSignOut, sessionCheckFailed, sessionEnded, sessionResumed, signOutFailed,
} from '../../../src/editor/lib/store/commands';
import { isDirty } from '../../../src/editor/lib/model';
import { initialState } from '../../../src/editor/lib/store/state';
import { HOME, NOW, payload, start } from './fixture';

const typed = (state = start()) => editField(state, { file: HOME, path: ['sections', 1, 'data', 'title'], value: 'Hey', now: NOW });
const title = (state: ReturnType<typeof start>) => ((state.docs[HOME]!.data as { sections: { data?: { title?: string } }[] }).sections[1]!.data!.title);

describe('the payload’s user', () => {
  it('is in the state, signed in; without one the state is the local developer’s of astro dev', () => {
    expect(start().session).toEqual({ user: { name: 'grace', role: 'admin' }, dev: false, status: 'signed-in', renewed: 0 });
    const { user: _user, dev: _dev, ...content } = payload;
    expect(initialState(content, null).session).toMatchObject({ user: { name: 'local', role: 'admin' }, dev: true });
  });
});

describe('sessionEnded', () => {
  it('moves to signed out and keeps every unsaved edit', () => {
    const edited = typed();
    const state = sessionEnded(edited);
    expect(state.session.status).toBe('signed-out');
    expect(state.docs).toBe(edited.docs);
    expect(state.history).toBe(edited.history);
    expect(isDirty(state.docs[HOME]!)).toBe(true);
    expect(sessionEnded(state)).toBe(state);
  });

  it('ends a save under way, unsaved, and says so', () => {
    const state = sessionEnded(requestSave(typed(), {}));
    expect(state.save).toEqual({ status: 'idle' });
    expect(state.notice).toEqual({ kind: 'error', text: 'Nothing was saved: your session has ended. Your changes are kept on this device; sign in again, then save.' });
    expect(isDirty(state.docs[HOME]!)).toBe(true);
  });

  it('does nothing while signing out, or while reloading for another user', () => {
    const leaving = requestSignOut(start(), {});
    expect(sessionEnded(leaving)).toBe(leaving);
    const switching = sessionResumed(requestSave(typed(), {}), { user: { name: 'ada', role: 'editor' } });
    expect(switching.session.status).toBe('switching-user');
    expect(sessionEnded(switching)).toBe(switching);
  });
});

describe('while signed out', () => {
  it('blocks saving with the reason, and editing goes on', () => {
    const out = sessionEnded(typed());
    const state = requestSave(out, {});
    expect(state.save.status).toBe('idle');
    expect(state.notice).toEqual({ kind: 'error', text: 'Save is blocked: your session has ended. Your changes are kept on this device; sign in again, then save.' });
    const more = editField(state, { file: HOME, path: ['sections', 1, 'data', 'title'], value: 'Hey there', now: NOW + 5000 });
    expect(title(more)).toBe('Hey there');
  });

  it('Try again checks; a session found again clears the banner, keeps the edits and lets Save work', () => {
    const checking = checkSession(sessionEnded(typed()));
    expect(checking.session.status).toBe('checking');
    expect(checkSession(checking)).toBe(checking);
    const state = sessionResumed(checking, { user: { name: 'grace', role: 'admin' } });
    expect(state.session).toEqual({ user: { name: 'grace', role: 'admin' }, dev: false, status: 'signed-in', renewed: 1 });
    expect(state.notice).toEqual({ kind: 'success', text: 'You are signed in again as grace. Your change is still here, unsaved: save when you are ready.' });
    expect(title(state)).toBe('Hey');
    expect(requestSave(state, {}).save.status).toBe('saving');
  });

  it('opens the editor afresh when someone else signed in, keeping the unsaved edits as the first user’s drafts', () => {
    // On a shared computer the next person must neither see nor save or discard grace's unsaved words.
    const state = sessionResumed(checkSession(sessionEnded(typed())), { user: { name: 'ada', role: 'editor' } });
    expect(state.session).toEqual({ user: { name: 'grace', role: 'admin' }, dev: false, status: 'switching-user', renewed: 0 });
    expect(state.notice).toEqual({ kind: 'info', text: "You are signed in as ada: the editor opens afresh for you. grace's unsaved changes stay on this device for grace." });
    // Nothing is dropped from the state the reload's pagehide stores as grace's drafts, and nothing can be saved meanwhile.
    expect(isDirty(state.docs[HOME]!)).toBe(true);
    expect(requestSave(state, {}).save.status).toBe('idle');
    expect(sessionResumed(state, { user: { name: 'grace', role: 'admin' } })).toBe(state);
  });

  it('a check that finds no session stays signed out, with the reason', () => {
    const state = sessionCheckFailed(checkSession(sessionEnded(start())), { problem: 'You are still signed out: sign in in the other tab first.' });
    expect(state.session).toMatchObject({ status: 'signed-out', problem: 'You are still signed out: sign in in the other tab first.' });
    // The next check starts afresh.
    expect(checkSession(state).session.status).toBe('checking');
  });

  it('outcomes of a check are ignored when signed in, unless someone else is signed in on this browser now', () => {
    const state = start();
    expect(sessionResumed(state, { user: { name: 'grace', role: 'admin' } })).toBe(state);
    expect(sessionCheckFailed(state, { problem: 'x' })).toBe(state);
    expect(checkSession(state)).toBe(state);
    // Coming back to this tab after ada signed in in another: the tab is grace's, so it opens afresh for ada.
    expect(sessionResumed(typed(state), { user: { name: 'ada', role: 'editor' } }).session).toMatchObject({ user: { name: 'grace' }, status: 'switching-user' });
  });
});

describe('requestSignOut', () => {
  it('signs out at once with nothing unsaved', () => {
    expect(requestSignOut(start(), {}).session.status).toBe('signing-out');
  });

  it('asks first with unsaved changes, and signs out once confirmed', () => {
    const asked = requestSignOut(typed(), {});
    expect(asked.dialog).toEqual({ kind: 'sign-out', unsaved: 1, elsewhere: [] });
    expect(asked.session.status).toBe('signed-in');
    const state = requestSignOut(asked, { confirmed: true });
    expect(state).toMatchObject({ dialog: null, session: { status: 'signing-out' } });
    // The edits are not dropped: the drafts keep them for the next sign-in.
    expect(isDirty(state.docs[HOME]!)).toBe(true);
    expect(requestSave(state, {})).toBe(state);
  });

  it('asks first when another open tab of this user has unsaved changes, since signing out here signs it out too', () => {
    const asked = requestSignOut(start(), { elsewhere: ['pages/about.json'] });
    expect(asked.dialog).toEqual({ kind: 'sign-out', unsaved: 0, elsewhere: ['pages/about.json'] });
    expect(asked.session.status).toBe('signed-in');
    expect(requestSignOut(asked, { confirmed: true, elsewhere: ['pages/about.json'] })).toMatchObject({ dialog: null, session: { status: 'signing-out' } });
  });

  it('waits for a save under way, and there is no signing out under astro dev', () => {
    const saving = requestSave(typed(), {});
    expect(requestSignOut(saving, { confirmed: true })).toMatchObject({ session: { status: 'signed-in' }, notice: { kind: 'info' } });
    const dev = initialState({ ...payload, user: { name: 'local', role: 'admin' }, dev: true }, 'home');
    expect(requestSignOut(dev, { confirmed: true })).toBe(dev);
  });

  it('signOutFailed stays signed in and says why', () => {
    const state = signOutFailed(requestSignOut(start(), {}), { error: 'the server did not answer (Failed to fetch).' });
    expect(state.session.status).toBe('signed-in');
    expect(state.notice).toEqual({ kind: 'error', text: 'You are still signed in: the server did not answer (Failed to fetch).' });
  });
});
