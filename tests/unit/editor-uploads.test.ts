import { describe, expect, it } from 'vitest';
import {
  canSendAgain, dismissUpload, newUpload, othersPending, queueUpload, renameAfterConflict, renameUpload, uploadFailed, uploadFinished, uploadProgressed, uploadStarted, uploadUnreadable,
  type UploadItem,
} from '../../src/editor/lib/uploads';

const MiB = 1024 * 1024;
const png = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const preview = (file: File) => `blob:${file.name}`;

describe('the upload queue', () => {
  const ready = newUpload(1, png('Holiday Photo.PNG'), MiB, preview);
  const queue = queueUpload([], [ready, newUpload(2, png('other.png'), MiB, preview)]);

  it('queues a file ready to send under a suggested name, with a preview', () => {
    expect(ready).toMatchObject({ id: 1, status: 'ready', name: 'holiday-photo.png', preview: 'blob:Holiday Photo.PNG', progress: 0 });
    expect(queue.map((item) => item.id)).toEqual([1, 2]);
  });

  it('rejects a file it cannot send, with the reason and no preview', () => {
    const big = newUpload(3, png('big.png', 2 * MiB), MiB, preview);
    expect(big).toMatchObject({ status: 'rejected', preview: null });
    expect(big.message).toMatch(/1 MB|1\.0 MB|MiB|too large/i);
    const text = newUpload(4, new File(['x'], 'notes.txt', { type: 'text/plain' }), MiB, preview);
    expect(text.status).toBe('rejected');
    const fake = newUpload(5, new File(['just some text here'], 'fake.png', { type: 'image/png' }), MiB, preview, 'other');
    expect(fake).toMatchObject({ status: 'rejected', preview: null, message: expect.stringMatching(/^“fake\.png” is not a PNG image/) });
  });

  it('renames, starts, progresses and finishes one item, leaving the others', () => {
    let items: UploadItem[] = renameUpload(queue, 1, 'beach.png');
    expect(items[0]!.name).toBe('beach.png');
    items = uploadStarted(items, 1);
    expect(items[0]).toMatchObject({ status: 'uploading', progress: 0, message: undefined });
    items = uploadProgressed(items, 1, 0.5);
    expect(items[0]!.progress).toBe(0.5);
    expect(items[1]).toBe(queue[1]);
    expect(othersPending(items, 1)).toBe(true);
    items = uploadFinished(items, 1);
    expect(items.map((item) => item.id)).toEqual([2]);
    expect(othersPending(items, 2)).toBe(false);
  });

  it('words each server refusal, and offers a free name after a conflict', () => {
    const started = uploadStarted(queue, 1);
    expect(uploadFailed(started, 1, { status: 409, error: 'exists' }, MiB)[0]).toMatchObject({ status: 'conflict', replaceable: true, message: 'A different image named “holiday-photo.png” is already in the library.' });
    // The name is another image's in other capitals: Replace would be refused again, so only a new name is offered.
    expect(uploadFailed(started, 1, { status: 409, error: 'case', caseTwin: true }, MiB)[0]).toMatchObject({ status: 'conflict', replaceable: false, message: expect.stringMatching(/^An image named “holiday-photo.png” in other capitals is already in the library: .* Use a new name\.$/) });
    expect(uploadFailed(started, 1, { status: 413, error: 'big' }, MiB)[0]!.status).toBe('rejected');
    const refused = uploadFailed(started, 1, { status: 400, error: 'not an image' }, MiB);
    expect(refused[0]).toMatchObject({ status: 'ready', message: 'The server refused “holiday-photo.png”: not an image' });
    // Not sent again unchanged (a text file named .png would be refused again); a new name may be tried.
    expect(canSendAgain(refused[0]!)).toBe(false);
    expect(canSendAgain(renameUpload(refused, 1, 'holiday.png')[0]!)).toBe(true);
    expect(canSendAgain(uploadFailed(started, 1, { error: 'offline' }, MiB)[0]!)).toBe(true);
    expect(uploadFailed(started, 1, { error: 'offline' }, MiB)[0]).toMatchObject({ status: 'ready', message: 'The upload of “holiday-photo.png” failed: offline' });
    expect(uploadUnreadable(started, 1, 'gone')[0]).toMatchObject({ status: 'ready', message: 'The file could not be read: gone' });
    expect(renameAfterConflict(started, 1, ['holiday-photo.png'])[0]).toMatchObject({ status: 'ready', name: 'holiday-photo-2.png', message: undefined });
  });

  it('dismisses an item', () => {
    expect(dismissUpload(queue, 2).map((item) => item.id)).toEqual([1]);
    // The input is never changed.
    expect(queue).toHaveLength(2);
  });
});
