/** The upload queue's commands: the store's uploads change only through them (the rules themselves: tests/unit of lib/uploads). */
import { describe, expect, it } from 'vitest';
import {
  dismissUpload, locationRemoved, proposeUploadName, queueUploads, renameUpload, uploadFailed, uploadProgressed, uploadStarted, uploadUnreadable,
} from '../../../src/editor/lib/store/commands';
import { run } from '../../../src/editor/lib/store/store';
import { newUpload } from '../../../src/editor/lib/uploads';
import { home, HOME, NOW, start } from './fixture';

const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const queued = () => queueUploads(start(), { items: [newUpload(1, png('Photo 1.PNG'), 1024, () => 'blob:1'), newUpload(2, png('big.png', 4096), 1024, () => 'blob:2')] });

describe('upload commands', () => {
  it('queueUploads adds ready and rejected files; nothing added keeps the state', () => {
    const state = queued();
    expect(state.uploads.map((item) => [item.id, item.status, item.name])).toEqual([[1, 'ready', 'photo-1.png'], [2, 'rejected', 'big.png']]);
    expect(queueUploads(state, { items: [] })).toBe(state);
  });

  it('renameUpload, uploadStarted and uploadProgressed follow one file', () => {
    const before = queued();
    let state = renameUpload(before, { id: 1, name: 'team.png' });
    state = uploadProgressed(uploadStarted(state, { id: 1 }), { id: 1, progress: 0.5 });
    expect(state.uploads[0]).toMatchObject({ name: 'team.png', status: 'uploading', progress: 0.5 });
    expect(state.uploads[1]).toBe(before.uploads[1]);
  });

  it('uploadFailed and uploadUnreadable say why; a conflict gets a free name from proposeUploadName', () => {
    let state = renameUpload(queued(), { id: 1, name: 'team.png' });
    state = uploadFailed(uploadStarted(state, { id: 1 }), { id: 1, status: 409, error: 'exists', maxUploadBytes: 1024 });
    expect(state.uploads[0]).toMatchObject({ status: 'conflict', message: 'A different image named “team.png” is already in the library.' });
    state = proposeUploadName(state, { id: 1, takenNames: ['team.png', 'team-2.png'] });
    expect(state.uploads[0]).toMatchObject({ status: 'ready', name: 'team-3.png' });
    state = uploadUnreadable(state, { id: 1, reason: 'gone' });
    expect(state.uploads[0]?.message).toBe('The file could not be read: gone');
  });

  it('dismissUpload removes one file, or all when the library closes', () => {
    const state = queued();
    expect(dismissUpload(state, { id: 2 }).uploads.map((item) => item.id)).toEqual([1]);
    expect(dismissUpload(state, {}).uploads).toEqual([]);
    const empty = dismissUpload(state, {});
    expect(dismissUpload(empty, {})).toBe(empty);
  });

  it('locationRemoved says that a photo was stored without where it was taken, gathering each such upload', () => {
    let state = locationRemoved(start(), { name: 'beach.jpg' });
    expect(state.notice).toEqual({
      kind: 'info',
      text: 'Removed where the photo “beach.jpg” was taken (its GPS position) before saving it: the site never shows it.',
      locationRemovedFrom: ['beach.jpg'],
    });
    state = locationRemoved(locationRemoved(state, { name: 'garden.webp' }), { name: 'beach.jpg' });
    expect(state.notice).toMatchObject({
      text: 'Removed where 2 photos were taken (their GPS positions) before saving them: the site never shows them.',
      details: [{ text: 'beach.jpg' }, { text: 'garden.webp' }],
    });
    // After another notice, a new upload starts a new list.
    state = locationRemoved({ ...state, notice: { kind: 'success', text: 'Saved 1 document.' } }, { name: 'roof.png' });
    expect(state.notice?.locationRemovedFrom).toEqual(['roof.png']);
    // A problem showing is not replaced (a review): it needs doing, this only tells.
    const blocked = { ...state, notice: { kind: 'error' as const, text: 'Save is blocked: fix 1 problem first.' } };
    expect(locationRemoved(blocked, { name: 'shed.jpg' })).toBe(blocked);
  });

  it('its notice stays through the edits that follow (the image is selected, its alt text typed) until dismissed', () => {
    let state = run(start(), { type: 'locationRemoved', name: 'beach.jpg', now: NOW });
    const notice = state.notice;
    state = run(state, { type: 'editField', file: HOME, path: ['meta', 'title'], value: 'Home, edited', now: NOW });
    state = run(state, { type: 'openRoute', route: 'about', now: NOW });
    expect([home(state).meta.title, state.route]).toEqual(['Home, edited', 'about']);
    expect(state.notice).toBe(notice);
    expect(run(state, { type: 'notify', notice: null, now: NOW }).notice).toBeNull();
  });
});
