/**
 * How many uploads may be checked at once. An upload's costly work (a raster image's full decode,
 * a photo's re-encoding without its GPS position, an SVG's parse) runs in the process's slots of
 * costly image work, which the image variants made on request share (server/bounded-work.mjs):
 * two at once on the two-core server this is sized for, so that the file reads serving visitors
 * always keep libuv's other threads. Uploads wait for those slots in a short queue of their own;
 * beyond it an upload is refused at once with 503 and Retry-After, before its body is read.
 */
import { BoundedWork, imageWorkSlots, MAX_PARALLEL_IMAGE_WORK } from '../../server/bounded-work.mjs';
import { HttpError } from './errors';

/**
 * Uploads that may wait beyond the ones being checked. An editor uploads a few images at a time
 * (the library's picker takes several files); each waiting upload also holds its body in memory
 * (up to about 24 MB as base64 text and bytes), so the queue bounds that too.
 */
export const MAX_QUEUED_UPLOADS = 4;
/** What one check is assumed to take, to tell a refused client when to come back: a 40-megapixel PNG's decode. */
const SECONDS_PER_UPLOAD = 2;

const QUEUE = Symbol.for('content-site.upload-work');

/** The uploads admitted in this process (kept on globalThis, so a reload of this module under `astro dev` keeps the count). */
function uploadQueue(): BoundedWork {
  const global = globalThis as { [QUEUE]?: BoundedWork };
  return (global[QUEUE] ??= new BoundedWork({ maxRunning: MAX_PARALLEL_IMAGE_WORK, maxQueued: MAX_QUEUED_UPLOADS, secondsPerTask: SECONDS_PER_UPLOAD }));
}

/**
 * A place for one upload, to be taken before its body is read: returns the function that gives it
 * back (call it once the upload is stored or refused). A full queue is a 503 with Retry-After.
 */
export function admitUpload(): () => void {
  const queue = uploadQueue();
  const admission = queue.admit();
  if (!admission.admitted) {
    throw new HttpError(503, `Too many images are being uploaded at once; try again in ${admission.retryAfterSeconds} seconds`, {}, { 'Retry-After': String(admission.retryAfterSeconds) });
  }
  let held = true;
  return () => {
    if (held) queue.finished();
    held = false;
  };
}

/** Runs an upload's costly work in the process's slots of costly image work. */
export function runCostly<T>(task: () => Promise<T>): Promise<T> {
  return imageWorkSlots().run(task);
}
