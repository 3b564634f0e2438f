/**
 * What a content image renders as: for an uploaded raster image, AVIF and WebP ladders of
 * widths up to the original's, a JPEG (or PNG, with alpha) fallback, and the real intrinsic
 * size; for anything else (an external URL, an SVG or GIF, a file that is missing) the URL as
 * it is, in the frame the view reserves. The URLs carry the original's content hash (see
 * server/image-variant-urls.mjs), so the markup is a function of the image's bytes alone and
 * renders the same in the build, in dev and on the production server.
 *
 * Why not astro:assets: its <Image>/<Picture> take imported files or remote URLs known at
 * build time; uploads arrive after the build and are served by our own handler
 * (docs/architecture.md, "Responsive images from any upload").
 */
import { originalInfo, type OriginalInfo } from '../../../server/image-variant-store.mjs';
import { cropOf, focusPercent, hasVariants, VARIANT_CROPS, VARIANT_WIDTHS, variantUrl } from '../../../server/image-variant-urls.mjs';
import { serverConfig } from '../../../server/config.mjs';
import { variantPlaces } from '../../../server/image-variants.mjs';
import { ASSETS_URL_PREFIX } from '../../../server/headers.mjs';

/** How a view shows an image. */
export interface ImageFrame {
  /** The frame's ratio as width × height (any scale: 1200 × 900 is 4:3). */
  width: number;
  height: number;
  /** `cover`: cropped to the frame (variants are cut to its ratio around the focal point); `contain`: the whole image. */
  fit: 'cover' | 'contain';
  /** The widest the image is ever shown, in CSS pixels: the ladder goes up to twice that (DPR 2). */
  maxWidth: number;
  /** The focal point, 0–1 on each axis (ImageSelection's focusX and focusY); the centre when absent. */
  focusX?: number;
  focusY?: number;
}

export interface ImageSource {
  type: string;
  srcset: string;
}

export interface PlannedImage {
  /** The fallback <img>'s URL. */
  src: string;
  /** Modern formats, best first; empty for an image served as it is. */
  sources: ImageSource[];
  /** Intrinsic size of the largest candidate, in the ratio the files really have. */
  width: number;
  height: number;
  /** CSS object-position from the focal point. */
  objectPosition: string;
}

/** Where originals are read, in order (the content root's uploads, then the build's copy, as the server finds them), and where their facts are kept. */
function places() {
  return variantPlaces(serverConfig(), false);
}

/**
 * The facts of the upload named `name` (hash, size, alpha), remembered on disk by file identity:
 * the views plan images with them, and live publishing keys its renders by the hash. Both read
 * through here, so a build or a restarted server reads no original it has described before.
 */
export function originalFacts(name: string): Promise<OriginalInfo | undefined> {
  const { originals, cacheDir } = places();
  return originalInfo(originals, name, cacheDir);
}

/** The ladder: allowed widths up to the first that covers min(original, 2 × maxWidth); none wider than the original. */
export function widthLadder(sourceWidth: number, maxWidth: number): { step: number; actual: number }[] {
  const wanted = Math.min(sourceWidth, 2 * maxWidth);
  const ladder: { step: number; actual: number }[] = [];
  for (const step of VARIANT_WIDTHS) {
    ladder.push({ step, actual: Math.min(step, sourceWidth) });
    if (step >= wanted) break;
  }
  return ladder;
}

function uploadedName(src: string): string | undefined {
  if (!src.startsWith(ASSETS_URL_PREFIX)) return undefined;
  const name = src.slice(ASSETS_URL_PREFIX.length);
  return hasVariants(name) ? name : undefined;
}

/** The plan for an image of known facts (pure: the unit tests call it without files). */
export function planFromOriginal(name: string, original: Pick<OriginalInfo, 'hash' | 'width' | 'height' | 'hasAlpha'>, frame: ImageFrame): PlannedImage {
  const focus = { focusX: focusPercent(frame.focusX ?? 0.5), focusY: focusPercent(frame.focusY ?? 0.5) };
  const ratio = cropOf(frame.width, frame.height);
  if (frame.fit === 'cover' && !VARIANT_CROPS.includes(ratio)) {
    throw new Error(`A view crops to ${ratio}, which is not in VARIANT_CROPS (server/image-variant-urls.mjs)`);
  }
  const crop = frame.fit === 'cover' ? { ratio, ...focus } : undefined;
  const [rw, rh] = crop ? [frame.width, frame.height] : [original.width, original.height];
  // The width the source has once cropped: all of it when the frame is narrower than the image is tall.
  const sourceWidth = crop ? Math.min(original.width, Math.round((original.height * rw) / rh)) : original.width;
  const ladder = widthLadder(sourceWidth, frame.maxWidth);
  const srcset = (format: 'avif' | 'webp' | 'jpg' | 'png') =>
    ladder.map(({ step, actual }) => `${variantUrl({ name, hash: original.hash, width: step, format, ...(crop && { crop }) })} ${actual}w`).join(', ');
  const fallbackFormat = original.hasAlpha ? 'png' : 'jpg';
  // The fallback is for browsers with neither AVIF nor WebP: one width, about the frame's largest size.
  const fallback = ladder.find(({ actual }) => actual >= frame.maxWidth) ?? ladder[ladder.length - 1]!;
  const widest = ladder[ladder.length - 1]!.actual;
  return {
    src: variantUrl({ name, hash: original.hash, width: fallback.step, format: fallbackFormat, ...(crop && { crop }) }),
    sources: [
      { type: 'image/avif', srcset: srcset('avif') },
      { type: 'image/webp', srcset: srcset('webp') },
    ],
    width: widest,
    height: Math.max(1, Math.round((widest * rh) / rw)),
    objectPosition: `${focus.focusX}% ${focus.focusY}%`,
  };
}

/** The plan for a content image's URL, reading the original's facts (cached by file identity) when it is an upload. */
export async function planImage(src: string, frame: ImageFrame): Promise<PlannedImage> {
  const name = uploadedName(src);
  const original = name ? await originalFacts(name) : undefined;
  if (name && original) return planFromOriginal(name, original, frame);
  const focus = `${focusPercent(frame.focusX ?? 0.5)}% ${focusPercent(frame.focusY ?? 0.5)}%`;
  return { src, sources: [], width: frame.width, height: frame.height, objectPosition: focus };
}
